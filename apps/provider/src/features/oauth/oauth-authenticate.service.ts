/** @module oauth-authenticate.service — redeeming the OAuth token of a finished flow for a session. */
import type { Clock } from '../../clock.js';
import { assertPkce } from '../../crypto/pkce-mismatch.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import { userDirectory } from '../users/user-directory.js';
import type { AuthenticateInput } from './oauth.schemas.js';
import type { OAuthRegistrationRow } from './oauth.table.js';
import { oauthFactor } from './oauth-factor.js';
import { MAX_OAUTH_PKCE_FAILURES } from './oauth-policy.js';
import { findRegistrationById } from './oauth-registrations.repository.js';
import { providerValuesOf, type WireProviderValues } from './oauth-tokens.js';
import {
  eraseProviderValues,
  oauthTokens,
  recordFailedOAuthTokenAttempt,
} from './oauth-tokens.repository.js';

/** A redeemed token: the session to answer with and what the upstream said. */
export interface RedeemedOAuthToken {
  /** A new session, the presented one when it gained the factor, or an intermediate session (MFA). */
  signIn: PrimarySignIn;
  registration: OAuthRegistrationRow;
  providerValues: WireProviderValues;
}

/** Creates the redeem function. */
export function createOAuthAuthenticateService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  keyEncryptionSecret: string | undefined;
}) {
  const unusable = () => new ApiError('unable_to_auth_oauth_token');

  /** The presenting session when it is live and the same user's; it then gains the factor. */
  async function liveSessionOf(project: Project, token: string | null, userId: string) {
    if (token === null) return undefined;
    const row = await liveSessions.findByTokenHash(deps.db, project.id, hashToken(token), deps.clock.now());
    return row && row.user_id === userId ? { row, token } : undefined;
  }

  return {
    /**
     * Redeems `input.token`: exactly one of any number of concurrent redemptions succeeds, and
     * the upstream's tokens are erased in the same transaction that hands them over.
     */
    async redeem(
      project: Project,
      sessionToken: string | null,
      input: AuthenticateInput,
      attributes: SessionAttributes,
    ): Promise<RedeemedOAuthToken> {
      const tokenHash = hashToken(input.token);
      const found = await oauthTokens.find(deps.db, { project_id: project.id, token_hash: tokenHash });
      if (
        !found ||
        found.used_at !== null ||
        found.revoked_at !== null ||
        found.expires_at <= deps.clock.now()
      )
        throw unusable();
      await assertPkce(
        { challenge: found.code_challenge, issued: 'this OAuth flow was started' },
        input.code_verifier,
        () =>
          recordFailedOAuthTokenAttempt(deps.db, found.token_hash, deps.clock.now(), MAX_OAUTH_PKCE_FAILURES),
      );
      const stepUp = await liveSessionOf(project, sessionToken, found.user_id);

      return inTransaction(deps.db, async (trx) => {
        const now = deps.clock.now();
        const consumed = await oauthTokens.consume(
          trx,
          { project_id: project.id, token_hash: tokenHash },
          now,
        );
        if (!consumed) throw unusable();
        await eraseProviderValues(trx, tokenHash);
        const registration = await findRegistrationById(trx, project.id, consumed.registration_id);
        // The token's row cascades away with its registration, so a consumed token always has one.
        if (!registration) throw unusable();
        const factor = oauthFactor(registration, now);
        const providerValues = providerValuesOf(consumed, deps.keyEncryptionSecret);
        await userDirectory.activate(trx, consumed.user_id, now);
        if (stepUp) {
          const session = await deps.sessions.addFactor(
            trx,
            project,
            stepUp.row.id,
            factor,
            input.session_duration_minutes,
          );
          return { signIn: { row: session, token: stepUp.token }, registration, providerValues };
        }
        const signIn = await deps.sessions.completePrimarySignIn(trx, {
          project,
          userId: consumed.user_id,
          factor,
          durationMinutes: input.session_duration_minutes,
          attributes,
        });
        return { signIn, registration, providerValues };
      });
    },
  };
}

/** The OAuth authenticate service. */
export type OAuthAuthenticateService = ReturnType<typeof createOAuthAuthenticateService>;
