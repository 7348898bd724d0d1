/**
 * @module magic-link-sign-in — redeeming a link and building the sign-in answer, shared by the
 * browser-facing and the server-facing authenticate routes (they differ only in where the
 * caller's session token comes from and in the envelope).
 */
import type { Project } from '../projects/project.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import { presentedSessionOf } from '../sessions/presented-session.js';
import type { SessionAttributes } from '../sessions/sessions.service.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import type { AuthenticateInput } from './magic-links.schemas.js';
import type { MagicLinksAuthenticateService } from './magic-links-authenticate.service.js';

/** What a redemption needs. */
export interface MagicLinkSignInDeps extends SignInDeps {
  redeem: MagicLinksAuthenticateService;
}

/**
 * Redeems `input.token`. A live session for `sessionToken` is what a secondary link needs (it
 * then gains the factor); a sign-in link ignores it and mints a new session (SECURITY D1).
 */
export async function signInWithMagicLink(
  deps: MagicLinkSignInDeps,
  project: Project,
  input: AuthenticateInput,
  attributes: SessionAttributes,
  sessionToken: string | null,
) {
  const presented = await presentedSessionOf(deps.sessions, project, sessionToken);
  const redeemed = await deps.redeem.redeem(project, input, attributes, presented);
  return { fields: await buildSignInResponse(deps.responses, project, redeemed), emailId: redeemed.emailId };
}
