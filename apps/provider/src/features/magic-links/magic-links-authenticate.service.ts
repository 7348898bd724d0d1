/** @module magic-links-authenticate.service — redeeming a magic link for a new session. */
import type { Clock } from '../../clock.js';
import { checkPkce } from '../../crypto/pkce.js';
import { pkceMismatch } from '../../crypto/pkce-mismatch.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { findResetByTokenHash } from '../passwords/password-resets.repository.js';
import { isOpenReset, redeemResetTokenAsLogin } from '../passwords/reset-token-login.js';
import type { Project } from '../projects/project.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { activateUser, insertEmailIfAbsent, markEmailVerified } from '../users/users.repository.js';
import {
  consumeMagicLink,
  findMagicLinkByTokenHash,
  recordFailedMagicLinkAttempt,
} from './magic-links.repository.js';
import type { AuthenticateInput } from './magic-links.schemas.js';
import type { MagicLinkRow } from './magic-links.table.js';

/** SECURITY H1: the fifth failed PKCE attempt kills the token. */
export const MAX_PKCE_FAILURES = 5;

/** A redeemed link: the new session (or intermediate session) and the email factor it proved. */
export type RedeemedMagicLink = PrimarySignIn & { emailId: string };

/** Creates the redeem function. */
export function createMagicLinksAuthenticateService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
}) {
  const unusable = () => new ApiError('unable_to_auth_magic_link');

  /** PKCE is checked before consumption so a wrong or missing verifier leaves the token usable. */
  async function assertPkce(row: MagicLinkRow, verifier: string | undefined): Promise<void> {
    const outcome = checkPkce(row.code_challenge, verifier);
    if (outcome === 'ok') return;
    // RFC 9700 §4.8.2: a verifier for a flow started without a challenge is a downgrade attempt,
    // refused without counting against the link.
    if (outcome !== 'unexpected_verifier') {
      await recordFailedMagicLinkAttempt(deps.db, row.id, deps.clock.now(), MAX_PKCE_FAILURES);
    }
    throw pkceMismatch(outcome, 'this magic link was issued');
  }

  return {
    /**
     * Redeems `input.token`; exactly one of any number of concurrent redemptions succeeds. A
     * token that is no magic link but an open password-reset token signs in the same way (the
     * widget's reset form offers "log in without a password" with only the reset token).
     */
    async redeem(
      project: Project,
      input: AuthenticateInput,
      attributes: SessionAttributes,
    ): Promise<RedeemedMagicLink> {
      const tokenHash = hashToken(input.token);
      const now = deps.clock.now();
      const row = await findMagicLinkByTokenHash(deps.db, project.id, tokenHash);
      if (!row) {
        const reset = await findResetByTokenHash(deps.db, project.id, tokenHash);
        if (reset && isOpenReset(reset, now))
          return redeemResetTokenAsLogin(deps, project, reset, input, attributes);
        throw unusable();
      }
      if (row.used_at !== null || row.revoked_at !== null || row.expires_at <= now) throw unusable();
      await assertPkce(row, input.code_verifier);

      return deps.db.transaction().execute(async (trx) => {
        const consumed = await consumeMagicLink(trx, project.id, tokenHash, deps.clock.now());
        if (!consumed) throw unusable();
        let emailId = consumed.email_id;
        if (consumed.purpose === 'secondary') {
          const added = await insertEmailIfAbsent(trx, {
            id: consumed.email_id,
            project_id: project.id,
            user_id: consumed.user_id,
            email: consumed.email,
            verified: true,
            created_at: now,
          });
          if (!added) {
            const owner = await trx
              .selectFrom('emails')
              .select(['id', 'user_id'])
              .where('project_id', '=', project.id)
              .where('email', '=', consumed.email)
              .executeTakeFirstOrThrow();
            // Someone else claimed the address since the link was sent: the link proves nothing now.
            if (owner.user_id !== consumed.user_id) throw unusable();
            emailId = owner.id;
            await markEmailVerified(trx, owner.id);
          }
        } else {
          await markEmailVerified(trx, consumed.email_id);
        }
        // create_user_as_pending: the first successful authentication activates the user.
        await activateUser(trx, consumed.user_id, now);
        const factor: AuthenticationFactor = {
          type: 'magic_link',
          delivery_method: 'email',
          last_authenticated_at: now.toISOString(),
          email_factor: { email_id: emailId, email_address: consumed.email },
        };
        const session = await deps.sessions.completePrimarySignIn(trx, {
          project,
          userId: consumed.user_id,
          factor,
          durationMinutes: input.session_duration_minutes,
          attributes,
        });
        return { ...session, emailId };
      });
    },
  };
}

/** The magic-link authenticate service. */
export type MagicLinksAuthenticateService = ReturnType<typeof createMagicLinksAuthenticateService>;
