/**
 * @module user-reference — a `user_id` of the server API, which may be the user's id or its
 * external id (the hosted provider accepts either wherever a user id is expected).
 */
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { findUserIdByExternalId } from './server-user.repository.js';
import { userDirectory } from './user-directory.js';

/** The shape of the ids newId makes for users. */
const USER_ID = /^user-(test|live)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The shape of an external id (wire ExternalIdSchema): never one that looks like a user id. */
const EXTERNAL_ID = /^(?!user-(test|live)-)[A-Za-z0-9._|-]{1,128}$/;

/**
 * The user id `reference` names in `projectId`: itself when shaped like a user id (whether such a
 * user exists is the caller's question), the user holding it as external id (undefined when
 * none), or 400 invalid_user_id naming `field` when it is neither shape.
 */
export async function resolveUserReference(
  db: DbExecutor,
  projectId: string,
  reference: string,
  field = 'user_id',
): Promise<string | undefined> {
  if (USER_ID.test(reference)) return reference;
  if (EXTERNAL_ID.test(reference)) return findUserIdByExternalId(db, projectId, reference);
  const message = 'is neither a user ID (user-test-…, user-live-…) nor a valid external_id';
  throw new ApiError('invalid_user_id', {
    message: `${field}: ${message}`,
    body: [{ dataPath: `.${field}`, message }],
  });
}

/**
 * The id of the user `reference` names (as resolveUserReference reads it): 400 invalid_user_id
 * when it is neither shape, 404 user_not_found when no user of the project has it.
 */
export async function requireReferencedUser(
  db: DbExecutor,
  projectId: string,
  reference: string,
): Promise<string> {
  const userId = await resolveUserReference(db, projectId, reference);
  if (userId === undefined || !(await userDirectory.findWithFactors(db, projectId, userId)))
    throw new ApiError('user_not_found');
  return userId;
}
