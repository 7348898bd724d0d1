/** @module users.service — reading and updating the signed-in user. */
import type { Clock } from '../../clock.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import { toWireUser } from './user-object.js';
import { findUserForUpdate, findUserWithFactors, updateUser } from './users.repository.js';
import type { WireUser } from './users.schemas.js';

/** Stored metadata is capped so one user cannot grow without bound. */
const MAX_METADATA_BYTES = 16 * 1024;

/** The profile fields PUT /users/me may change. */
export interface UpdateUserInput {
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  untrusted_metadata?: Record<string, unknown>;
}

/** Loads the wire User, or throws when the row vanished (a session never outlives its user). */
export async function loadWireUser(db: DbExecutor, projectId: string, userId: string): Promise<WireUser> {
  const user = await findUserWithFactors(db, projectId, userId);
  if (!user) throw new Error(`user ${userId} of a live session is missing`);
  return toWireUser(user);
}

/** The answer of a factor's removal (wire UserFactorDeleteResponse): the user as it is now. */
export async function userAfterRemoval(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<{ user_id: string; __user: WireUser }> {
  return { user_id: userId, __user: await loadWireUser(db, projectId, userId) };
}

/** Top-level merge; a key set to null is removed (the hosted API's metadata rule). */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The users service. */
export interface UsersService {
  get(projectId: string, userId: string): Promise<WireUser>;
  update(projectId: string, userId: string, input: UpdateUserInput): Promise<WireUser>;
}

/** Creates the users service. */
export function createUsersService(deps: { db: Db; clock: Clock }): UsersService {
  return {
    get: (projectId, userId) => loadWireUser(deps.db, projectId, userId),
    update: (projectId, userId, input) =>
      inTransaction(deps.db, async (trx) => {
        const user = await findUserForUpdate(trx, projectId, userId);
        const { name, untrusted_metadata } = input;
        let metadata: string | undefined;
        if (untrusted_metadata !== undefined) {
          metadata = toJson(mergeMetadata(user.untrusted_metadata, untrusted_metadata));
          if (Buffer.byteLength(metadata) > MAX_METADATA_BYTES) {
            throw new ApiError('invalid_request', {
              message: `untrusted_metadata may hold at most ${MAX_METADATA_BYTES} bytes of JSON.`,
            });
          }
        }
        await updateUser(trx, userId, {
          ...(name?.first_name !== undefined ? { first_name: name.first_name } : {}),
          ...(name?.middle_name !== undefined ? { middle_name: name.middle_name } : {}),
          ...(name?.last_name !== undefined ? { last_name: name.last_name } : {}),
          ...(metadata !== undefined ? { untrusted_metadata: metadata } : {}),
          updated_at: deps.clock.now(),
        });
        return loadWireUser(trx, projectId, userId);
      }),
  };
}
