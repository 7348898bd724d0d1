/**
 * @module reset-token-check — POST /passwords/email/reset/check: whether a password-reset link
 * still works, and for which address, without using it up (issue 17 item 5).
 */
import type { Clock } from '../../clock.js';
import { checkPkce } from '../../crypto/pkce.js';
import { pkceMismatch } from '../../crypto/pkce-mismatch.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { ResetTokenCheckThrottle } from '../../rate-limit/reset-token-check-throttle.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { passwordResets } from './password-resets.repository.js';

/** The body of the endpoint as the check uses it. */
export interface ResetTokenCheckInput {
  token: string;
  code_verifier?: string | undefined;
}

/** An open reset link: the address it was sent to and when it stops working. */
export interface ResetTokenCheckResult {
  email: string;
  expires_at: string;
}

/**
 * Reads the reset token's state and changes nothing: no row is written, no counter moves, the
 * token stays usable. It answers exactly what the reset itself would decide first, so it tells
 * nothing a reset attempt would not: an unknown, used, revoked or expired token (or one whose
 * address left the account) is 401 invalid_reset_token, one word for all of them; a reset started
 * with a PKCE challenge needs its verifier (400 pkce_mismatch) before the address is named, so a
 * link that leaked out of the browser that asked for it does not reveal whose it is. Every check
 * is counted first (per network, per token, per project), known token or not.
 */
export async function checkResetToken(
  deps: { db: Db; clock: Clock; throttle: ResetTokenCheckThrottle },
  project: Project,
  input: ResetTokenCheckInput,
  clientIp: string,
): Promise<ResetTokenCheckResult> {
  const tokenHash = hashToken(input.token);
  await deps.throttle.check(project, tokenHash, clientIp);
  const reset = await passwordResets.find(deps.db, { project_id: project.id, token_hash: tokenHash });
  const now = deps.clock.now();
  if (!reset || reset.used_at !== null || reset.revoked_at !== null || reset.expires_at <= now)
    throw new ApiError('invalid_reset_token');
  const pkce = checkPkce(reset.code_challenge, input.code_verifier);
  if (pkce !== 'ok') throw pkceMismatch(pkce, 'this password reset was started');
  const address = await userDirectory.findEmailOfUser(deps.db, reset.user_id, reset.email_id);
  // The address left the account since the email was sent (reset/login refuses it the same way).
  if (!address) throw new ApiError('invalid_reset_token');
  return { email: address.email, expires_at: reset.expires_at.toISOString() };
}
