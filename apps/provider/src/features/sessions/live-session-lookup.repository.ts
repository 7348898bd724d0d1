/**
 * @module live-session-lookup.repository — the read-only half of a session check: a live session
 * and its user with its factors (users' user-with-factors read model), in one SELECT that writes nothing.
 */
import { compiledStatement } from '../../db/compiled-statement.js';
import type { DbExecutor } from '../../db/database.js';
import { type UserWithFactors, userFactorsOf } from '../users/user-with-factors.js';
import type { LiveSessionKey } from './sessions.repository.js';
import type { SessionRow } from './sessions.table.js';

/** A live session and its user, as one check reads them. */
export interface SessionWithUser {
  session: SessionRow;
  user: UserWithFactors;
}

/**
 * The lookup by one key column, compiled once: compiling a statement with seven subqueries on
 * every check was a large share of a check's CPU (issue 18), and its SQL text never changes.
 */
function lookupBy(by: 'token_hash' | 'id') {
  return compiledStatement(['project_id', 'match', 'now'], (db, v) =>
    db
      .selectFrom('sessions')
      // sessions.user_id references users with ON DELETE CASCADE: a deleted user has no session left.
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
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
      // No sessions column shares a factor list's name, so the lists keep their UserFactors keys.
      .select(userFactorsOf('users.id'))
      .where('sessions.project_id', '=', v.project_id)
      .where(`sessions.${by}`, '=', v.match)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', v.now),
  );
}

const lookups = { token_hash: lookupBy('token_hash'), id: lookupBy('id') };

/**
 * The live (not revoked, not expired at `now`) session named by `key`, with its user; one
 * read-only statement. Undefined when there is none.
 */
export async function findLiveSessionWithUser(
  db: DbExecutor,
  key: LiveSessionKey,
  now: Date,
): Promise<SessionWithUser | undefined> {
  const by = key.tokenHash !== undefined ? 'token_hash' : 'id';
  const match = key.tokenHash ?? key.id;
  if (match === undefined) return undefined;
  const [row] = await lookups[by].execute(db, { project_id: key.projectId, match, now });
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
    emails,
    phone_numbers,
    password,
    webauthn_registrations,
    providers,
    crypto_wallets,
    totps,
    ...session
  } = row;
  const user: UserWithFactors = {
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
    emails,
    phone_numbers,
    password,
    webauthn_registrations,
    providers,
    crypto_wallets,
    totps,
  };
  return { session, user };
}
