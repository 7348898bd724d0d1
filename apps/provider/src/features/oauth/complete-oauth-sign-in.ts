/**
 * @module complete-oauth-sign-in — the end of every OAuth sign-in (redirect flow and One Tap):
 * link the upstream identity to its account and issue the token the app redeems, in one transaction.
 */
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { Project } from '../projects/project.js';
import { linkOAuthIdentity } from './link-oauth-identity.js';
import { type IssueOAuthTokenInput, issueOAuthToken, type OAuthTokenDeps } from './oauth-tokens.js';
import type { UpstreamIdentity } from './upstream/identity.js';

/** A verified upstream identity and where the app wants the browser back. */
export interface CompleteOAuthSignInInput {
  project: Project;
  identity: UpstreamIdentity;
  providerValues: IssueOAuthTokenInput['providerValues'];
  /** The app's PKCE challenge from the start of the flow; null when it sent none. */
  codeChallenge: string | null;
  /** Both already checked against the project's allow-list (resolveRedirects). */
  redirects: { login: string; signup: string };
}

/** Where to send the browser, and who signed in. */
export interface CompleteOAuthSignInResult {
  /** The login redirect (existing user) or signup redirect (user created) with `stytch_token_type=oauth&token=…`. */
  redirectUrl: string;
  userId: string;
  registrationId: string;
  createdUser: boolean;
}

/**
 * Links the identity (SECURITY C6; 409 oauth_account_conflict) and issues the sign-in token in
 * one transaction, so a refusal leaves no user, no link and no token behind.
 */
export async function completeOAuthSignIn(
  db: Db,
  deps: OAuthTokenDeps,
  input: CompleteOAuthSignInInput,
): Promise<CompleteOAuthSignInResult> {
  return inTransaction(db, async (trx) => {
    const linked = await linkOAuthIdentity(trx, deps, input.project, input.identity);
    const redirectUrl = await issueOAuthToken(trx, deps, {
      project: input.project,
      userId: linked.userId,
      registrationId: linked.registration.id,
      codeChallenge: input.codeChallenge,
      providerValues: input.providerValues,
      redirectUrl: linked.createdUser ? input.redirects.signup : input.redirects.login,
    });
    return {
      redirectUrl,
      userId: linked.userId,
      registrationId: linked.registration.id,
      createdUser: linked.createdUser,
    };
  });
}
