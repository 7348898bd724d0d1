/** @module password-credentials — checking an email and password under the failed-login limits (SECURITY A4, E1). */
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { findEmailByAddress } from '../users/users.repository.js';
import type { LoginLockout } from './login-lockout.js';
import { findPassword } from './passwords.repository.js';
import type { PasswordRow } from './passwords.table.js';

/** The one answer to every failed login (SECURITY E1): unknown email, wrong password, hard-locked. */
export const WRONG_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

/**
 * The stored password of `email` if `password` (both normalised) matches it. Limits come first
 * (429 inside a delay window, no hashing), and the attempt is counted before the check; an
 * unknown address costs the same verification as a known one and fails the same way; a success
 * clears the address's count and gives the network's back.
 */
export async function verifyCredentials(
  deps: { db: DbExecutor; hasher: PasswordHasher; lockout: LoginLockout },
  project: Project,
  email: string,
  password: string,
  clientIp: string,
): Promise<PasswordRow> {
  const { db, hasher, lockout } = deps;
  const wrong = () => new ApiError('unauthorized_credentials', { message: WRONG_CREDENTIALS_MESSAGE });
  // Counted as a failure up front, so parallel guesses cannot all pass the limit check first.
  const attempt = await lockout.begin(project, email, clientIp);
  let matched: PasswordRow | undefined;
  try {
    const emailRow = await findEmailByAddress(db, project.id, email);
    const stored = emailRow && (await findPassword(db, emailRow.user_id));
    if (attempt.state === 'hard_locked' || !stored) await hasher.dummyVerify(password);
    else if (await hasher.verify(stored.hash, password)) matched = stored;
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!matched) throw wrong();
  await attempt.succeeded();
  return matched;
}
