/** @module magic-links-authenticate.service — redeeming a magic link for a session (or a factor on the signed-in one). */
import type { Clock } from '../../clock.js';
import { assertPkce } from '../../crypto/pkce-mismatch.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { PasscodeLock } from '../otps/passcode-lock.js';
import { authenticationFactor } from '../sessions/authentication-factor.js';
import { type RedeemProof, signInWithProvenFactor } from '../sessions/proven-factor-sign-in.js';
import type { PrimarySignIn, SessionsService } from '../sessions/sessions.service.js';
import { MAX_PKCE_FAILURES } from './magic-link-policy.js';
import { magicLinks } from './magic-links.repository.js';
import type { AuthenticateInput } from './magic-links.schemas.js';
import { proveAddress } from './prove-address.js';

/** The refusal of a secondary link without its user's live session. */
export const SECONDARY_NEEDS_SESSION =
  'This link adds an email address to an account: open it in the browser where you are signed in to that account.';

/** A redeemed link: the session (new, intermediate, or the presented one) and the email factor it proved. */
export type RedeemedMagicLink = PrimarySignIn & { emailId: string };

/** The magic-link authenticate service. */
export interface MagicLinksAuthenticateService {
  /**
   * Redeems `input.token`; exactly one of any number of concurrent redemptions succeeds. Only
   * magic-link tokens are redeemed here: a password-reset token is refused like an unknown
   * token (its own endpoints are /passwords/email/reset and /passwords/email/reset/login).
   *
   * A login or signup link makes a new session (a `presented` session is ignored, SECURITY
   * D1). A secondary link is redeemable only with the live session of the user who asked for
   * it (issue 16: an add-address link is no sign-in): it attaches the address and adds the
   * factor to that same session. Anyone else is refused before PKCE is looked at, so nothing
   * about the link changes.
   */
  redeem: RedeemProof<AuthenticateInput, RedeemedMagicLink>;
}

/** Creates the redeem function. */
export function createMagicLinksAuthenticateService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  /** A used link proves control of its address, which ends that address's passcode lock. */
  passcodeLock: PasscodeLock;
  /** Where an address added by a secondary link (`factor.added`) is announced. */
  events?: DomainEventBus;
}): MagicLinksAuthenticateService {
  const unusable = () => new ApiError('unable_to_auth_magic_link');

  return {
    async redeem(project, input, attributes, presented) {
      const tokenHash = hashToken(input.token);
      const now = deps.clock.now();
      const row = await magicLinks.find(deps.db, { project_id: project.id, token_hash: tokenHash });
      if (!row || row.used_at !== null || row.revoked_at !== null || row.expires_at <= now) throw unusable();
      const stepUp = row.purpose === 'secondary' ? presented : undefined;
      // Whoever holds the link was sent it, so saying what it needs reveals nothing.
      if (row.purpose === 'secondary' && stepUp?.row.user_id !== row.user_id)
        throw new ApiError('unable_to_auth_magic_link', { message: SECONDARY_NEEDS_SESSION });
      await assertPkce(
        { challenge: row.code_challenge, issued: 'this magic link was issued' },
        input.code_verifier,
        () => magicLinks.countFailure(deps.db, { id: row.id }, deps.clock.now(), MAX_PKCE_FAILURES),
      );

      const redeemed = await inTransaction(deps.db, async (trx) => {
        const consumed = await magicLinks.consume(
          trx,
          { project_id: project.id, token_hash: tokenHash },
          deps.clock.now(),
        );
        if (!consumed) throw unusable();
        const emailId = await proveAddress(
          trx,
          project,
          consumed,
          now,
          unusable,
          deps.events,
          attributes.actor,
        );
        const passcodesUnlocked = await deps.passcodeLock.end(trx, project, consumed.email);
        const factor = authenticationFactor('magic_link', 'email', now, {
          email_factor: { email_id: emailId, email_address: consumed.email },
        });
        const session = await signInWithProvenFactor(
          trx,
          deps.sessions,
          {
            project,
            stepUp,
            userId: consumed.user_id,
            factor,
            durationMinutes: input.session_duration_minutes,
            attributes,
            at: now,
          },
          unusable,
        );
        return { signIn: { ...session, emailId }, passcodesUnlocked, userId: consumed.user_id };
      });
      deps.passcodeLock.announceEnd(redeemed.passcodesUnlocked, 'email_link_sign_in', redeemed.userId);
      return redeemed.signIn;
    },
  };
}
