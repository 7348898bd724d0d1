/**
 * @module server-user-object — the user object of the server API (`ServerUser`): the browser
 * API's User and the hosted provider's server-only fields (external id, roles, lock state).
 */
import type { ServerUser, User } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import { findServerUserFields, type ServerUserFields } from './server-user.repository.js';
import { toWireUser } from './user-object.js';
import type { UserWithFactors } from './user-with-factors.js';
import { findUserWithFactors } from './users.repository.js';

const NO_FIELDS: ServerUserFields = { external_id: null, roles: [], locked_at: null };

/** The server-only part of the user object. */
function serverOnlyFields(fields: ServerUserFields) {
  return {
    external_id: fields.external_id,
    roles: fields.roles,
    is_locked: fields.locked_at !== null,
    lock_created_at: fields.locked_at?.toISOString() ?? null,
    // The lock lasts until the owner proves an address (docs/provider-api.md "Password lock").
    lock_expires_at: null,
  };
}

/** `user` as the server API shows it, with its server-only `fields`. */
export function toServerUser(user: UserWithFactors, fields: ServerUserFields): ServerUser {
  return { ...toWireUser(user), ...serverOnlyFields(fields) };
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

/**
 * `user`, already shown as the browser API shows it (a sign-in's answer), with its server-only
 * fields: the server API's redemptions answer the same user object as `GET /v1/users/{id}`.
 */
export async function withServerUserFields(db: DbExecutor, user: User): Promise<ServerUser> {
  const fields = await findServerUserFields(db, [user.user_id]);
  return { ...user, ...serverOnlyFields(fields.get(user.user_id) ?? NO_FIELDS) };
}
