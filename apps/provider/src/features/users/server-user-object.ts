/**
 * @module server-user-object — the user object of the server API (`ServerUser`): the browser
 * API's User and the hosted provider's server-only fields (external id, roles, lock state).
 */
import type { ServerUser } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import { findServerUserFields, type ServerUserFields } from './server-user.repository.js';
import { toWireUser } from './user-object.js';
import type { UserWithFactors } from './user-with-factors.js';
import { findUserWithFactors } from './users.repository.js';

const NO_FIELDS: ServerUserFields = { external_id: null, roles: [], locked_at: null };

/** `user` as the server API shows it, with its server-only `fields`. */
export function toServerUser(user: UserWithFactors, fields: ServerUserFields): ServerUser {
  return {
    ...toWireUser(user),
    external_id: fields.external_id,
    roles: fields.roles,
    is_locked: fields.locked_at !== null,
    lock_created_at: fields.locked_at?.toISOString() ?? null,
    // The lock lasts until the owner proves an address (docs/provider-api.md "Password lock").
    lock_expires_at: null,
  };
}

/** Each of `users` as the server API shows it (one more statement for all of them). */
export async function toServerUsers(
  db: DbExecutor,
  users: readonly UserWithFactors[],
): Promise<ServerUser[]> {
  const fields = await findServerUserFields(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => toServerUser(user, fields.get(user.id) ?? NO_FIELDS));
}

/** The user `userId` of `projectId` as the server API shows it, or undefined when there is none. */
export async function loadServerUser(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<ServerUser | undefined> {
  const user = await findUserWithFactors(db, projectId, userId);
  if (!user) return undefined;
  const [shown] = await toServerUsers(db, [user]);
  return shown;
}
