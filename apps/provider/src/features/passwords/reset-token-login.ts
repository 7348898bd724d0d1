/** @module reset-token-login — a password-reset token redeemed at /magic_links/authenticate: the reset form's "log in without a password". */
import type { Clock } from '../../clock.js';
import { checkPkce } from '../../crypto/pkce.js';
import { pkceMismatch } from '../../crypto/pkce-mismatch.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import { activateUser, markEmailVerified } from '../users/users.repository.js';
import { consumeReset, revokeOpenResets } from './password-resets.repository.js';
import type { PasswordResetRow } from './passwords.table.js';

/** What redeeming takes from the magic-link authenticate body. */
export interface ResetTokenLoginInput {
  code_verifier?: string | undefined;
  session_duration_minutes?: number | undefined;
}

/** Whether a reset token can still be used at `now`. */
export function isOpenReset(reset: PasswordResetRow, now: Date): boolean {
  return reset.used_at === null && reset.revoked_at === null && reset.expires_at > now;
}

/**
 * Signs in with an open reset token, exactly as a login magic link to the token's address would:
 * the password stays as it is. PKCE is checked against the reset start's challenge before
 * consumption, so a failure leaves the token usable. The token is consumed by the same guarded
 * UPDATE as a password reset, in the transaction that creates the session: of concurrent
 * redemptions (here or at /passwords/email/reset) exactly one wins, the rest get 401
 * unable_to_auth_magic_link. The address is marked verified, a pending user becomes active, and
 * the user's other open resets are revoked.
 */
export async function redeemResetTokenAsLogin(
  deps: { db: Db; clock: Clock; sessions: SessionsService },
  project: Project,
  reset: PasswordResetRow,
  input: ResetTokenLoginInput,
  attributes: SessionAttributes,
): Promise<PrimarySignIn & { emailId: string }> {
  const unusable = () => new ApiError('unable_to_auth_magic_link');
  const pkce = checkPkce(reset.code_challenge, input.code_verifier);
  if (pkce !== 'ok') throw pkceMismatch(pkce, 'this password reset was started');
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await consumeReset(trx, reset.id, now))) throw unusable();
    const address = await trx
      .selectFrom('emails')
      .select(['id', 'email'])
      .where('id', '=', reset.email_id)
      .where('user_id', '=', reset.user_id)
      .executeTakeFirst();
    // The address left the account since the email was sent: the token proves nothing now.
    if (!address) throw unusable();
    await markEmailVerified(trx, address.id);
    await activateUser(trx, reset.user_id, now);
    await revokeOpenResets(trx, reset.user_id, now);
    const session = await deps.sessions.completePrimarySignIn(trx, {
      project,
      userId: reset.user_id,
      factor: {
        type: 'magic_link',
        delivery_method: 'email',
        last_authenticated_at: now.toISOString(),
        email_factor: { email_id: address.id, email_address: address.email },
      },
      durationMinutes: input.session_duration_minutes,
      attributes,
    });
    return { ...session, emailId: address.id };
  });
}
