/** @module sessions.repository — SQL for sessions; validity is always decided in the statement itself. */
import { type ExpressionBuilder, sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-statement.js';
import type { Database, DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import type { AuthenticationFactor, NewSessionRow, SessionRow } from './sessions.table.js';

/**
 * Compiled once, with every column so that one statement fits every insert: each login and
 * sign-in inserts a session (issue 18: 357 → 312 µs of CPU per insert, in-process on PGlite).
 */
const insertSessionStatement = compiledStatement(
  [
    'id',
    'project_id',
    'user_id',
    'token_hash',
    'started_at',
    'last_accessed_at',
    'expires_at',
    'absolute_expires_at',
    'authentication_factors',
    'ip_address',
    'user_agent',
    'revoked_at',
  ],
  (db, v) => db.insertInto('sessions').values(v).returningAll(),
);

/** Inserts a session. */
export async function insertSession(db: DbExecutor, row: NewSessionRow): Promise<SessionRow> {
  const [inserted] = await insertSessionStatement.execute(db, { ...row, revoked_at: row.revoked_at ?? null });
  if (!inserted) throw new Error('insertSession: the insert returned no row');
  return inserted;
}

/** The live (not revoked, not expired at `now`) session whose token hashes to `tokenHash`. */
export async function findLiveSessionByTokenHash(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  return selectLiveSessions(db, projectId, 'token_hash', tokenHash, now).executeTakeFirst();
}

/** A column that names one session, or every session of a user. */
type SessionKeyColumn = 'id' | 'token_hash' | 'user_id';

/** The filter of the project's live (not revoked, not expired at `now`) sessions whose `column` is `value`. */
function liveSessions(projectId: string, column: SessionKeyColumn, value: string, now: Date) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([
      eb('project_id', '=', projectId),
      eb(column, '=', value),
      eb('revoked_at', 'is', null),
      eb('expires_at', '>', now),
    ]);
}

/** The project's live sessions whose `column` is `value`. */
function selectLiveSessions(
  db: DbExecutor,
  projectId: string,
  column: SessionKeyColumn,
  value: string,
  now: Date,
) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where(liveSessions(projectId, column, value, now));
}

/** Which session to check: by token hash (browser refresh) or by id (server check with a JWT). */
export interface LiveSessionKey {
  projectId: string;
  tokenHash?: string;
  id?: string;
}

/**
 * Marks a live session accessed and, when `extendTo` is given, moves its expiry to
 * least(extendTo, absolute_expires_at). One statement, so concurrent touches of one session all
 * succeed and none can revive a revoked or expired session. Undefined when it is no longer live.
 */
export async function touchLiveSession(
  db: DbExecutor,
  key: { projectId: string; id: string },
  now: Date,
  extendTo: Date | null,
): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set({
      last_accessed_at: now,
      ...(extendTo ? { expires_at: sql<Date>`least(${extendTo}::timestamptz, absolute_expires_at)` } : {}),
    })
    .where(liveSessions(key.projectId, 'id', key.id, now))
    .returningAll()
    .executeTakeFirst();
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
  const current = await lockLiveSession(db, key.projectId, key.sessionId, now);
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
): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(liveSessions(projectId, 'token_hash', tokenHash, now))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Revokes the user's live sessions except `keepSessionId` (SECURITY B9: a password change ends
 * every other session). Returns the sessions revoked.
 */
export async function revokeOtherSessions(
  db: DbExecutor,
  projectId: string,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<SessionRow[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  return query.returningAll().execute();
}

/** The user's live sessions at `now`, newest first (ties by id, so the order is stable). */
export async function findLiveSessionsOfUser(
  db: DbExecutor,
  projectId: string,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return selectLiveSessions(db, projectId, 'user_id', userId, now)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Revokes the live sessions named by `match`: one session by id, or every session of a user.
 * Returns the rows revoked now (none when nothing named was live).
 */
export async function revokeLiveSessions(
  db: DbExecutor,
  projectId: string,
  match: { sessionId: string } | { userId: string },
  now: Date,
): Promise<SessionRow[]> {
  const [column, value] =
    'sessionId' in match ? (['id', match.sessionId] as const) : (['user_id', match.userId] as const);
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(liveSessions(projectId, column, value, now))
    .returningAll()
    .execute();
}

/** The live session `sessionId`, its row locked until the transaction ends. Call inside a transaction. */
export async function lockLiveSession(
  db: DbExecutor,
  projectId: string,
  sessionId: string,
  now: Date,
): Promise<SessionRow | undefined> {
  return selectLiveSessions(db, projectId, 'id', sessionId, now).forUpdate().executeTakeFirst();
}

/** Replaces the custom claims of session `sessionId`. */
export async function setSessionCustomClaims(
  db: DbExecutor,
  sessionId: string,
  claims: Record<string, unknown>,
): Promise<SessionRow> {
  return db
    .updateTable('sessions')
    .set({ custom_claims: toJson(claims) })
    .where('id', '=', sessionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
