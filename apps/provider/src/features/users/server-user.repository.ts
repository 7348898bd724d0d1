/** @module server-user.repository — SQL of what only the server API shows of a user: its external id, roles and password lock. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { findColumnsBy } from '../../db/keyed-rows.js';

/** The server API's own fields of one user. */
export interface ServerUserFields {
  external_id: string | null;
  roles: string[];
  /** When the user's password sign-in was locked, while the lock is open. */
  locked_at: Date | null;
}

/** The id of the user of `projectId` whose external id is `externalId`, if any. */
export async function findUserIdByExternalId(
  db: DbExecutor,
  projectId: string,
  externalId: string,
): Promise<string | undefined> {
  const row = await findColumnsBy(db, 'users', { project_id: projectId, external_id: externalId }, ['id']);
  return row?.id;
}

/** The server-only fields of each of `userIds`, in one statement. */
export async function findServerUserFields(
  db: DbExecutor,
  userIds: readonly string[],
): Promise<Map<string, ServerUserFields>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.external_id',
      'users.roles',
      sql<Date | null>`(
        select pl.locked_at from password_lockouts as pl
        where pl.user_id = users.id and pl.unlocked_at is null
      )`.as('locked_at'),
    ])
    .where('users.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        external_id: row.external_id,
        roles: row.roles,
        locked_at: row.locked_at === null ? null : new Date(row.locked_at),
      },
    ]),
  );
}
