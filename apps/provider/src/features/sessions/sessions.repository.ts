/** @module sessions.repository — SQL for sessions; validity is always decided in the statement itself. */
import { type QueryCreator, sql } from 'kysely';
import type { Database, DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { cryptoWalletsJsonOf } from '../crypto-wallets/crypto-wallets.repository.js';
import { oauthProvidersJsonOf } from '../oauth/oauth-registrations.repository.js';
import { passwordJsonOf } from '../passwords/passwords.repository.js';
import { phoneNumbersJsonOf } from '../phone-numbers/phone-numbers.repository.js';
import { totpsJsonOf } from '../totps/totps.repository.js';
import { emailsJsonOf, type UserWithEmails } from '../users/users.repository.js';
import { webauthnRegistrationsJsonOf } from '../webauthn/webauthn-registrations.repository.js';
import type { AuthenticationFactor, NewSessionRow, SessionRow } from './sessions.table.js';

/** Inserts a session. */
export async function insertSession(db: DbExecutor, row: NewSessionRow): Promise<SessionRow> {
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The live (not revoked, not expired at `now`) session whose token hashes to `tokenHash`. */
export async function findLiveSessionByTokenHash(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Which session to touch: by token hash (browser refresh) or by id (server check with a JWT). */
export interface LiveSessionKey {
  projectId: string;
  tokenHash?: string;
  id?: string;
}

function touchStatement(db: QueryCreator<Database>, where: LiveSessionKey, now: Date, extendTo: Date | null) {
  let query = db
    .updateTable('sessions')
    .set({
      last_accessed_at: now,
      ...(extendTo ? { expires_at: sql<Date>`least(${extendTo}::timestamptz, absolute_expires_at)` } : {}),
    })
    .where('project_id', '=', where.projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (where.tokenHash !== undefined) query = query.where('token_hash', '=', where.tokenHash);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  return query;
}

/**
 * Marks a live session accessed and, when `extendTo` is given, moves its expiry to
 * least(extendTo, absolute_expires_at). One statement, so concurrent refreshes of one session
 * both succeed and neither can revive a revoked or expired session. The same statement reads
 * the session's user with its addresses: one round trip for the refresh every signed-in
 * browser repeats.
 */
export async function touchLiveSessionWithUser(
  db: DbExecutor,
  where: LiveSessionKey,
  now: Date,
  extendTo: Date | null,
): Promise<{ session: SessionRow; user: UserWithEmails } | undefined> {
  const row = await db
    .with('touched', (qb) => touchStatement(qb, where, now, extendTo).returningAll())
    .selectFrom('touched')
    // sessions.user_id references users with ON DELETE CASCADE, so the join always finds the user.
    .innerJoin('users', 'users.id', 'touched.user_id')
    .selectAll('touched')
    .select([
      'users.project_id as user_project_id',
      'users.status as user_status',
      'users.first_name as user_first_name',
      'users.middle_name as user_middle_name',
      'users.last_name as user_last_name',
      'users.trusted_metadata as user_trusted_metadata',
      'users.untrusted_metadata as user_untrusted_metadata',
      'users.created_at as user_created_at',
      'users.updated_at as user_updated_at',
    ])
    .select(emailsJsonOf('users.id').as('user_emails'))
    .select(phoneNumbersJsonOf('users.id').as('user_phone_numbers'))
    .select(passwordJsonOf('users.id').as('user_password'))
    .select(webauthnRegistrationsJsonOf('users.id').as('user_webauthn_registrations'))
    .select(oauthProvidersJsonOf('users.id').as('user_providers'))
    .select(cryptoWalletsJsonOf('users.id').as('user_crypto_wallets'))
    .select(totpsJsonOf('users.id').as('user_totps'))
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    user_project_id,
    user_status,
    user_first_name,
    user_middle_name,
    user_last_name,
    user_trusted_metadata,
    user_untrusted_metadata,
    user_created_at,
    user_updated_at,
    user_emails,
    user_phone_numbers,
    user_password,
    user_webauthn_registrations,
    user_providers,
    user_crypto_wallets,
    user_totps,
    ...session
  } = row;
  const user: UserWithEmails = {
    id: session.user_id,
    project_id: user_project_id,
    status: user_status,
    first_name: user_first_name,
    middle_name: user_middle_name,
    last_name: user_last_name,
    trusted_metadata: user_trusted_metadata,
    untrusted_metadata: user_untrusted_metadata,
    created_at: user_created_at,
    updated_at: user_updated_at,
    emails: user_emails,
    phone_numbers: user_phone_numbers,
    password: user_password,
    webauthn_registrations: user_webauthn_registrations,
    providers: user_providers,
    crypto_wallets: user_crypto_wallets,
    totps: user_totps,
  };
  return { session, user };
}

/** Whether two factors stand for the same proof (same kind, same method), so a repeat replaces the older entry. */
function sameFactor(a: AuthenticationFactor, b: AuthenticationFactor): boolean {
  return (
    a.type === b.type &&
    a.delivery_method === b.delivery_method &&
    a.email_factor?.email_id === b.email_factor?.email_id &&
    a.phone_number_factor?.phone_id === b.phone_number_factor?.phone_id &&
    a.webauthn_factor?.webauthn_registration_id === b.webauthn_factor?.webauthn_registration_id &&
    a.crypto_wallet_factor?.crypto_wallet_id === b.crypto_wallet_factor?.crypto_wallet_id
  );
}

/**
 * Adds `factor` to the live session `sessionId` (step-up: a second factor proven while signed in),
 * replacing an earlier entry for the same method, marks it accessed and, with `extendTo`, moves
 * its expiry to least(extendTo, absolute_expires_at). The row is locked while its factor list is
 * rewritten, so concurrent additions do not lose each other. Undefined when the session is no
 * longer live (revoked or expired meanwhile). Call inside a transaction.
 */
export async function addFactorToLiveSession(
  db: DbExecutor,
  key: { projectId: string; sessionId: string },
  factor: AuthenticationFactor,
  now: Date,
  extendTo: Date | null,
): Promise<SessionRow | undefined> {
  const current = await db
    .selectFrom('sessions')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('id', '=', key.sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return undefined;
  const factors = [...current.authentication_factors.filter((f) => !sameFactor(f, factor)), factor];
  return db
    .updateTable('sessions')
    .set({
      authentication_factors: toJson(factors),
      last_accessed_at: now,
      ...(extendTo ? { expires_at: sql<Date>`least(${extendTo}::timestamptz, absolute_expires_at)` } : {}),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes a live session; returns its id, or undefined when there was nothing live to revoke. */
export async function revokeLiveSession(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
