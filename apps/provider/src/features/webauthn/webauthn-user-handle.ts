/**
 * @module webauthn-user-handle — the WebAuthn user handle (`user.id` of the creation options) a
 * user's passkeys carry: the user id, or the one the server API's `override_id` set. An
 * authenticator keeps one credential per RP ID and user handle, and sign-in checks an assertion's
 * userHandle against its user, so a handle is stable (set once, before the user has a passkey)
 * and names one user of the project.
 */
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { MAX_USER_HANDLE_BYTES } from './credential-response.js';
import { countUserRegistrations } from './webauthn-registrations.repository.js';

/** 400 invalid_request naming `override_id`. */
function badOverride(message: string): ApiError {
  return new ApiError('invalid_request', {
    message: `override_id: ${message}`,
    body: [{ dataPath: '.override_id', message }],
  });
}

function handleTaken(): ApiError {
  return new ApiError('webauthn_user_handle_in_use', {
    body: [{ dataPath: '.override_id', message: 'is already the WebAuthn user handle of another user' }],
  });
}

/** The bytes a handle puts in the creation options' `user.id` and an assertion echoes as userHandle. */
export function userHandleBytes(handle: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(handle, 'utf8'));
}

/** Whether `error` is the unique index refusing a second holder of a handle (two concurrent claims). */
function isHandleConflict(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  const index = 'users_project_webauthn_user_handle_key';
  return (
    code === '23505' && (constraint === index || (typeof message === 'string' && message.includes(index)))
  );
}

/**
 * The handle user `userId` registers under: theirs when `overrideId` is absent; otherwise
 * `overrideId`, which becomes theirs if they have none yet. Refused (nothing changed): a handle
 * other than the one they have (400), a first one once they hold passkeys under their user id
 * (400: those would no longer sign in), over 64 bytes (400), one another user of the project holds
 * as a set handle or as their user id (409 webauthn_user_handle_in_use). The user row is locked,
 * as registering locks it, so a passkey cannot be stored under the old handle meanwhile.
 */
export async function registrationUserHandle(
  db: Db,
  project: Project,
  userId: string,
  overrideId: string | undefined,
): Promise<string> {
  if (overrideId === undefined) {
    const handle = await userDirectory.webauthnHandleOf(db, project.id, userId);
    if (handle === undefined) throw new ApiError('user_not_found');
    return handle;
  }
  if (Buffer.byteLength(overrideId, 'utf8') > MAX_USER_HANDLE_BYTES)
    throw badOverride(
      `is longer than ${MAX_USER_HANDLE_BYTES} bytes (UTF-8), the limit of a WebAuthn user handle`,
    );
  try {
    return await inTransaction(db, async (trx) => {
      const user = await userDirectory.lock(trx, project.id, userId);
      if (!user) throw new ApiError('user_not_found');
      const current = user.webauthn_user_handle ?? user.id;
      if (overrideId === current) return current;
      if (user.webauthn_user_handle !== null)
        throw badOverride("differs from this user's WebAuthn user handle, which never changes once set");
      if ((await countUserRegistrations(trx, project.id, userId)) > 0)
        throw badOverride(
          'cannot be set for a user who already has passkeys (their user handle is their user_id); remove them first',
        );
      const holders = await userDirectory.holdersOfWebauthnHandle(trx, project.id, overrideId);
      if (holders.some((holder) => holder !== userId)) throw handleTaken();
      await userDirectory.update(trx, userId, { webauthn_user_handle: overrideId });
      return overrideId;
    });
  } catch (error) {
    throw isHandleConflict(error) ? handleTaken() : error;
  }
}

/**
 * Whether user `userId`'s handle is still `issuedHandle` (a register challenge's), read with the
 * user row locked until the transaction ends, so a concurrent override_id waits for this registration.
 */
export async function userHandleStill(
  trx: DbExecutor,
  projectId: string,
  userId: string,
  issuedHandle: string,
): Promise<boolean> {
  const user = await userDirectory.lock(trx, projectId, userId);
  return user !== undefined && (user.webauthn_user_handle ?? user.id) === issuedHandle;
}
