/** @module password-reset-delivery — the queued half of reset/start: the reset and login tokens are issued and emailed after the answer. */
import type { Clock } from '../../clock.js';
import { mintToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DeliveryHandler } from '../../delivery/delivery-handler.js';
import { type MessageLocale, queuedMessageLocale } from '../../email/message-locale.js';
import type { Random } from '../../random.js';
import { issueMagicLink } from '../magic-links/magic-link-issue.js';
import { magicLinkRevocation } from '../magic-links/magic-link-revocation.js';
import type { ResolvedRedirects } from '../magic-links/redirect-urls.js';
import { userDirectory } from '../users/user-directory.js';
import { renderPasswordResetEmail, tokenLink } from './password-reset-email.js';
import { insertReset, passwordResets } from './password-resets.repository.js';

/** The job kind of password-reset emails. */
export const PASSWORD_RESET_JOB = 'password_reset';

/** What a reset job stores: the checked request; never a token. */
export interface PasswordResetJobParams {
  /** `login`: the "log in without a password" link; `signup`: the reset form. */
  redirects: ResolvedRedirects;
  minutes: number;
  code_challenge: string | null;
  /** The email's language; absent on jobs queued before it was recorded (English). */
  locale?: MessageLocale;
}

/**
 * Creates the handler of reset jobs: for an address with an account it revokes the user's open
 * resets and stores a reset token and a login link (hashes only), under the address lock; an
 * address without one gets nothing (the answer was the same either way, SECURITY E3).
 */
export function createPasswordResetDelivery(deps: { db: Db; clock: Clock; random: Random }): DeliveryHandler {
  return {
    async prepare(job, project) {
      const params = job.params as PasswordResetJobParams;
      const email = job.recipient;
      const { redirects, minutes } = params;
      const locale = queuedMessageLocale(params.locale);
      const issued = await inTransaction(deps.db, async (trx) => {
        await magicLinkRevocation.lockAddress(trx, project.id, email);
        const row = await userDirectory.findEmail(trx, project.id, email);
        if (!row) return undefined;
        const now = deps.clock.now();
        await passwordResets.revokeUnused(trx, { user_id: row.user_id }, now);
        const reset = mintToken(deps.random);
        const resetId = `password-reset-${project.environment}-${mintToken(deps.random, 16).token}`;
        await insertReset(trx, {
          id: resetId,
          project_id: project.id,
          user_id: row.user_id,
          email_id: row.id,
          token_hash: reset.hash,
          code_challenge: params.code_challenge,
          created_at: now,
          expires_at: new Date(now.getTime() + minutes * 60_000),
          used_at: null,
          revoked_at: null,
        });
        // The login link carries the reset's challenge: the SDK redeems it with the reset's verifier (endpoints.md).
        const send = {
          email,
          redirects,
          minutes: { login: minutes, signup: minutes },
          codeChallenge: params.code_challenge,
          locale,
        };
        const login = await issueMagicLink(trx, deps, project, send, {
          purpose: 'login',
          userId: row.user_id,
          emailId: row.id,
          redirectUrl: redirects.login,
          minutes,
        });
        return { resetId, resetToken: reset.token, login };
      });
      if (!issued) return {};
      return {
        message: {
          email: renderPasswordResetEmail({
            to: email,
            projectName: project.name,
            resetLink: tokenLink(redirects.signup, 'reset_password', issued.resetToken),
            loginLink: tokenLink(redirects.login, 'login', issued.login.token),
            expiresInMinutes: minutes,
            locale,
          }),
        },
        withdraw: async () => {
          const now = deps.clock.now();
          await passwordResets.revokeUnused(deps.db, { id: issued.resetId }, now);
          await magicLinkRevocation.revoke(deps.db, issued.login.id, now);
        },
      };
    },
  };
}
