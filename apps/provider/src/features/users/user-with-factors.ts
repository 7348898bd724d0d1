/**
 * @module user-with-factors — the one read model of a user with every factor the wire User shows
 * (addresses, phone numbers, password, passkeys, upstream identities, wallets, TOTP). Users and the
 * session check both select it, so the factor lists are written once. It builds the subqueries and
 * runs nothing: users.repository reads a user with it, sessions' repository joins it to a session
 * in the same single statement (the session check stays one SELECT, issue 18).
 */
import { sql } from 'kysely';
import type { EmailRow, UserRow } from './users.table.js';

// The summaries are written here rather than picked from the factor features' table types: those
// features depend on users, and users must not depend back on them (one-way folder imports).

/** The parts of an email row the wire User shows. */
export type EmailSummary = Pick<EmailRow, 'id' | 'email' | 'verified'>;

/** The parts of a phone row the wire User shows. */
export interface PhoneSummary {
  id: string;
  phone_number: string;
  verified: boolean;
}

/** The wire User's `password` (wire/objects.md): null for a user without one. */
export interface PasswordSummary {
  password_id: string;
  requires_reset: boolean;
}

/** The parts of a TOTP row the wire User shows. */
export interface TotpSummary {
  id: string;
  verified: boolean;
}

/** The wallet columns the wire object shows. */
export interface CryptoWalletSummary {
  id: string;
  type: string;
  address: string;
  verified: boolean;
}

/** The registration columns the wire provider entry shows. */
export interface OAuthProviderSummary {
  id: string;
  provider_type: string;
  provider_subject: string;
  profile_picture_url: string;
  locale: string;
}

/**
 * The passkey columns the wire object shows. Timestamps are Dates when read from a row and strings
 * when read through json_agg (the user's list), so both are accepted.
 */
export interface WebauthnRegistrationSummary {
  id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  name: string;
  created_at: Date | string;
  last_authenticated_at: Date | string | null;
}

/** The factor lists of a user, oldest first, and its password, if any. */
export interface UserFactors {
  emails: EmailSummary[];
  phone_numbers: PhoneSummary[];
  password: PasswordSummary | null;
  webauthn_registrations: WebauthnRegistrationSummary[];
  providers: OAuthProviderSummary[];
  crypto_wallets: CryptoWalletSummary[];
  totps: TotpSummary[];
}

/** A user row with its factors. */
export type UserWithFactors = UserRow & UserFactors;

// Each list is plain json_agg, so PGlite and PostgreSQL answer alike; the order is inside the
// aggregate because a subquery's ORDER BY does not bind json_agg. `userId` is the column holding
// the user's id. Never a secret column (hash, public key, credential id, issuer).
const emailsOf = (userId: string) => sql<EmailSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object('id', e.id, 'email', e.email, 'verified', e.verified)
        order by e.created_at, e.id
      ),
      '[]'::json
    )
    from emails as e
    where e.user_id = ${sql.ref(userId)}
  )`;

const phoneNumbersOf = (userId: string) => sql<PhoneSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object('id', p.id, 'phone_number', p.phone_number, 'verified', p.verified)
        order by p.created_at, p.id
      ),
      '[]'::json
    )
    from phone_numbers as p
    where p.user_id = ${sql.ref(userId)}
  )`;

// `requires_reset` is also true while the password sign-in is locked (an open password_lockouts
// row, as passwords' isPasswordLocked reads it), so the signed-in owner's app can ask for a new one.
const passwordOf = (userId: string) => sql<PasswordSummary | null>`(
    select json_build_object(
      'password_id', pw.id,
      'requires_reset', pw.requires_reset or exists (
        select 1 from password_lockouts as pl
        where pl.user_id = pw.user_id and pl.unlocked_at is null
      )
    )
    from passwords as pw
    where pw.user_id = ${sql.ref(userId)}
  )`;

const webauthnRegistrationsOf = (userId: string) => sql<WebauthnRegistrationSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', w.id,
          'domain', w.domain,
          'user_agent', w.user_agent,
          'authenticator_type', w.authenticator_type,
          'name', w.name,
          'created_at', w.created_at,
          'last_authenticated_at', w.last_authenticated_at
        )
        order by w.created_at, w.id
      ),
      '[]'::json
    )
    from webauthn_registrations as w
    where w.user_id = ${sql.ref(userId)}
  )`;

const providersOf = (userId: string) => sql<OAuthProviderSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', o.id,
          'provider_type', o.provider_type,
          'provider_subject', o.provider_subject,
          'profile_picture_url', o.profile_picture_url,
          'locale', o.locale
        )
        order by o.created_at, o.id
      ),
      '[]'::json
    )
    from oauth_registrations as o
    where o.user_id = ${sql.ref(userId)}
  )`;

const cryptoWalletsOf = (userId: string) => sql<CryptoWalletSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object('id', c.id, 'type', c.type, 'address', c.address, 'verified', c.verified)
        order by c.created_at, c.id
      ),
      '[]'::json
    )
    from crypto_wallets as c
    where c.user_id = ${sql.ref(userId)}
  )`;

// Verified only: an enrolment still waiting for its first code is not shown (docs/contracts.md).
const totpsOf = (userId: string) => sql<TotpSummary[]>`(
    select coalesce(json_agg(json_build_object('id', t.id, 'verified', t.verified)), '[]'::json)
    from totps as t
    where t.user_id = ${sql.ref(userId)} and t.verified
  )`;

/**
 * The select list of a user's factors, each aliased as its UserFactors key; `userId` is the column
 * holding the user's id (e.g. 'users.id').
 */
export function userFactorsOf(userId: string) {
  return [
    emailsOf(userId).as('emails'),
    phoneNumbersOf(userId).as('phone_numbers'),
    passwordOf(userId).as('password'),
    webauthnRegistrationsOf(userId).as('webauthn_registrations'),
    providersOf(userId).as('providers'),
    cryptoWalletsOf(userId).as('crypto_wallets'),
    totpsOf(userId).as('totps'),
  ] as const;
}
