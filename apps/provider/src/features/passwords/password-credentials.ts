/** @module password-credentials — checking an email and password under the failed-login limits and the password lock (SECURITY A4, E1). */
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { LoginLockout } from './login-lockout.js';
import type { PasswordLock } from './password-lock.js';
import { findPasswordForLogin } from './passwords.repository.js';
import type { PasswordRow } from './passwords.table.js';

/** The one answer to every failed login (SECURITY E1): unknown email, wrong password, hard-locked. */
export const WRONG_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

/**
 * The stored password of `email` if `password` (both normalised) matches it. Limits come first
 * (429 inside a delay window, no hashing), and the attempt is counted before the check; an
 * unknown address, a counter past the cap and a locked account cost the same verification as a
 * known one and fail the same way; a success clears the address's count and gives the
 * network's back. The HARD_CAP-th consecutive failure on an address locks its account's
 * password sign-in (password-lock.ts) before the 401 is answered.
 */
export async function verifyCredentials(
  deps: { db: DbExecutor; hasher: PasswordHasher; lockout: LoginLockout; lock: PasswordLock },
  project: Project,
  email: string,
  password: string,
  /** The client's address, counted as its network's failures; null on the server API (login-lockout). */
  clientIp: string | null,
): Promise<PasswordRow> {
  const { db, hasher, lockout } = deps;
  const wrong = () => new ApiError('unauthorized_credentials', { message: WRONG_CREDENTIALS_MESSAGE });
  // Counted as a failure up front, so parallel guesses cannot all pass the limit check first.
  const attempt = await lockout.begin(project, email, clientIp);
  let matched: PasswordRow | undefined;
  try {
    const stored = await findPasswordForLogin(db, project.id, email);
    if (attempt.state === 'hard_locked' || !stored || stored.locked) await hasher.dummyVerify(password);
    else if (await hasher.verify(stored.password.hash, password)) matched = stored.password;
    // Inside the try: if the lock cannot be written the attempt is given back, and the next
    // failure reaches the cap again, so no run of failures ends without its lock.
    if (!matched && stored && attempt.reachesCap) await deps.lock.lock(project, stored.password.user_id);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!matched) throw wrong();
  await attempt.succeeded();
  return matched;
}
