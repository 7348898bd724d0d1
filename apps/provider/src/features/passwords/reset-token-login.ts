/**
 * @module reset-token-login — POST /passwords/email/reset/login: the reset form's "Login without a
 * password", redeeming an open password-reset token as a sign-in that leaves the password alone.
 */
import type { Clock } from '../../clock.js';
import { checkPkce } from '../../crypto/pkce.js';
import { pkceMismatch } from '../../crypto/pkce-mismatch.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import type { PasscodeLock } from '../otps/passcode-lock.js';
import type { Project } from '../projects/project.js';
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import { userDirectory } from '../users/user-directory.js';
import { passwordResets } from './password-resets.repository.js';

/** The body of the endpoint as the service uses it. */
export interface ResetTokenLoginInput {
  token: string;
  code_verifier?: string | undefined;
  session_duration_minutes?: number | undefined;
}

const invalidToken = () => new ApiError('invalid_reset_token');

/**
 * Signs in with an open reset token, exactly as a login magic link to the token's address would:
 * the password stays as it is. This is a password-reset endpoint, so only a reset token is
 * accepted (a magic link is redeemed at /magic_links/authenticate, and a reset token is refused
 * there), with the reset's errors and the reset start's PKCE challenge, checked before
 * consumption so a failure leaves the token usable. The token is consumed by the same guarded
 * UPDATE as a password reset, in the transaction that creates the session: of concurrent
 * redemptions (here or at /passwords/email/reset) exactly one wins, the rest get 401
 * invalid_reset_token. The address is marked verified, a pending user becomes active, and the
 * user's other open resets are revoked.
 */
export async function redeemResetTokenAsLogin(
  deps: { db: Db; clock: Clock; sessions: SessionsService; passcodeLock: PasscodeLock },
  project: Project,
  input: ResetTokenLoginInput,
  attributes: SessionAttributes,
): Promise<PrimarySignIn & { emailId: string }> {
  const reset = await passwordResets.find(deps.db, {
    project_id: project.id,
    token_hash: hashToken(input.token),
  });
  const now = deps.clock.now();
  if (!reset || reset.used_at !== null || reset.revoked_at !== null || reset.expires_at <= now)
    throw invalidToken();
  const pkce = checkPkce(reset.code_challenge, input.code_verifier);
  if (pkce !== 'ok') throw pkceMismatch(pkce, 'this password reset was started');
  const redeemed = await inTransaction(deps.db, async (trx) => {
    const at = deps.clock.now();
    if (!(await passwordResets.consume(trx, { id: reset.id }, at))) throw invalidToken();
    const address = await userDirectory.findEmailOfUser(trx, reset.user_id, reset.email_id);
    // The address left the account since the email was sent: the token proves nothing now.
    if (!address) throw invalidToken();
    await userDirectory.markEmailVerified(trx, address.id);
    const passcodesUnlocked = await deps.passcodeLock.end(trx, project, address.email);
    await userDirectory.activate(trx, reset.user_id, at);
    await passwordResets.revokeUnused(trx, { user_id: reset.user_id }, at);
    const session = await deps.sessions.completePrimarySignIn(trx, {
      project,
      userId: reset.user_id,
      factor: authenticationFactor('magic_link', 'email', at, {
        email_factor: { email_id: address.id, email_address: address.email },
      }),
      durationMinutes: input.session_duration_minutes,
      attributes,
    });
    return { signIn: { ...session, emailId: address.id }, passcodesUnlocked };
  });
  deps.passcodeLock.announceEnd(redeemed.passcodesUnlocked, 'password_reset_by_email', reset.user_id);
  return redeemed.signIn;
}
