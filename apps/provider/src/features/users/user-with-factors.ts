/**
 * @module user-with-factors — the one read model of a user with every factor the wire User shows
 * (addresses, phone numbers, password, passkeys, upstream identities, wallets, TOTP). Users and the
 * session check both select it, so the factor lists are written once. It builds the subqueries and
 * runs nothing: users.repository reads a user with it, sessions' repository joins it to a session
 * in the same single statement (the session check stays one SELECT, issue 18).
 */
import { type RawBuilder, sql } from 'kysely';
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

/**
 * A user row with its factors. The server API's own columns (external id, roles, passkey user handle) are read apart
 * (server-user-object), so the session check does not carry them.
 */
export type UserWithFactors = Omit<UserRow, 'external_id' | 'roles' | 'webauthn_user_handle'> & UserFactors;

// Each list is plain json_agg, so PGlite and PostgreSQL answer alike; the order is inside the
// aggregate because a subquery's ORDER BY does not bind json_agg. `userId` is the column holding
// the user's id. The columns are named here, never a secret one (hash, public key, credential id,
// issuer). Table and column names are constants of this module, never input.
function factorListOf<Summary>(
  table: string,
  columns: readonly (keyof Summary & string)[],
  userId: string,
  onlyWhere: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<Summary[]> {
  const fields = sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`f.${column}`)}`));
  return sql<Summary[]>`(
    select coalesce(json_agg(json_build_object(${fields}) order by f.created_at, f.id), '[]'::json)
    from ${sql.table(table)} as f
    where f.user_id = ${sql.ref(userId)} and ${onlyWhere}
  )`;
}

/**
 * Whether the user's password sign-in is locked (an open password_lockouts row), in SQL; `userId`
 * is the column holding the user's id. The one statement of it: the login's lookup asks it too.
 */
export function isPasswordLockedSql(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from password_lockouts as pl
    where pl.user_id = ${sql.ref(userId)} and pl.unlocked_at is null
  )`;
}

// `requires_reset` is also true while the password sign-in is locked, so the signed-in owner's
// app can ask for a new one.
const passwordOf = (userId: string) => sql<PasswordSummary | null>`(
    select json_build_object(
      'password_id', pw.id,
      'requires_reset', pw.requires_reset or ${isPasswordLockedSql('pw.user_id')}
    )
    from passwords as pw
    where pw.user_id = ${sql.ref(userId)}
  )`;

/**
 * The select list of a user's factors, each aliased as its UserFactors key; `userId` is the column
 * holding the user's id (e.g. 'users.id').
 */
export function userFactorsOf(userId: string) {
  return [
    factorListOf<EmailSummary>('emails', ['id', 'email', 'verified'], userId).as('emails'),
    factorListOf<PhoneSummary>('phone_numbers', ['id', 'phone_number', 'verified'], userId).as(
      'phone_numbers',
    ),
    passwordOf(userId).as('password'),
    factorListOf<WebauthnRegistrationSummary>(
      'webauthn_registrations',
      ['id', 'domain', 'user_agent', 'authenticator_type', 'name', 'created_at', 'last_authenticated_at'],
      userId,
    ).as('webauthn_registrations'),
    factorListOf<OAuthProviderSummary>(
      'oauth_registrations',
      ['id', 'provider_type', 'provider_subject', 'profile_picture_url', 'locale'],
      userId,
    ).as('providers'),
    factorListOf<CryptoWalletSummary>('crypto_wallets', ['id', 'type', 'address', 'verified'], userId).as(
      'crypto_wallets',
    ),
    // Verified only: an enrolment still waiting for its first code is not shown (docs/contracts.md).
    factorListOf<TotpSummary>('totps', ['id', 'verified'], userId, sql<boolean>`f.verified`).as('totps'),
  ] as const;
}
