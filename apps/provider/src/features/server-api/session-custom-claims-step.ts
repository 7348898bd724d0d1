/**
 * @module session-custom-claims-step — `session_custom_claims` on the server-side sign-in
 * redemptions (magic links, OAuth): checked before the token is redeemed, so a bad claim costs
 * the caller nothing, then merged into the new session, whose answer carries a JWT with them.
 */
import type { Project } from '../projects/project.js';
import {
  type AuthenticateResponseDeps,
  buildAuthenticateResponse,
  type SignInFields,
} from '../sessions/authenticate-response.js';
import { type CustomClaims, mergeSessionCustomClaims } from '../sessions/session-custom-claims.js';
import type { SessionsService } from '../sessions/sessions.service.js';

/** Refuses a reserved or oversized claims object (400 naming it) before anything is redeemed. */
export function precheckSessionCustomClaims(update: CustomClaims | undefined): void {
  if (update !== undefined) mergeSessionCustomClaims({}, update);
}

/**
 * `fields` with `update` merged into its session: the Session object and a JWT carrying them.
 * An answer without a session (an intermediate session, MFA pending) is returned as it is.
 */
export async function withSessionCustomClaims<F extends SignInFields>(
  deps: { sessions: SessionsService; responses: AuthenticateResponseDeps },
  project: Project,
  fields: F,
  update: CustomClaims | undefined,
): Promise<F> {
  if (update === undefined || fields.session === null) return fields;
  const row = await deps.sessions.updateCustomClaims(project, fields.session.session_id, update);
  const rebuilt = await buildAuthenticateResponse(deps.responses, project, row, fields.session_token);
  return { ...fields, session: rebuilt.session, session_jwt: rebuilt.session_jwt };
}
