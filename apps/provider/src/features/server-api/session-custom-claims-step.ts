/**
 * @module session-custom-claims-step — `session_custom_claims` on the server-side sign-in
 * redemptions (magic links, OAuth): checked before the token is redeemed, so a bad claim costs
 * the caller nothing, then merged into the new session, whose answer carries a JWT with them.
 * Also the session fields of the flat answers that name a session (passwords, passkeys).
 */
import type { Project } from '../projects/project.js';
import { buildAuthenticateResponse, type SignInFields } from '../sessions/authenticate-response.js';
import { type CustomClaims, mergeSessionCustomClaims } from '../sessions/session-custom-claims.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';

/** Refuses a reserved or oversized claims object (400 naming it) before anything is redeemed. */
export function precheckSessionCustomClaims(update: CustomClaims | undefined): void {
  if (update !== undefined) mergeSessionCustomClaims({}, update);
}

/**
 * `fields` with `update` merged into its session: the Session object and a JWT carrying them.
 * An answer without a session (an intermediate session, MFA pending) is returned as it is.
 */
export async function withSessionCustomClaims<F extends SignInFields>(
  deps: SignInDeps,
  project: Project,
  fields: F,
  update: CustomClaims | undefined,
): Promise<F> {
  if (update === undefined || fields.session === null) return fields;
  const row = await deps.sessions.updateCustomClaims(project, fields.session.session_id, update);
  const rebuilt = await buildAuthenticateResponse(deps.responses, project, row, fields.session_token);
  return { ...fields, session: rebuilt.session, session_jwt: rebuilt.session_jwt };
}

/** The session part of a flat server answer: empty when the call made or named no session. */
export interface ServerSessionFields {
  session: Awaited<ReturnType<typeof buildAuthenticateResponse>>['session'] | null;
  session_token: string;
  session_jwt: string;
}

/** The session fields of an answer without a session. */
export const noSessionFields = (): ServerSessionFields => ({
  session: null,
  session_token: '',
  session_jwt: '',
});

/**
 * The session fields of an answer about a session the call named (`token` is `''` when it was
 * named by JWT), with `update` merged into it first when given.
 */
export async function namedSessionFields(
  deps: SignInDeps,
  project: Project,
  named: { row: SessionRow; token: string },
  update: CustomClaims | undefined,
): Promise<ServerSessionFields> {
  const row =
    update === undefined ? named.row : await deps.sessions.updateCustomClaims(project, named.row.id, update);
  const built = await buildAuthenticateResponse(deps.responses, project, row, named.token);
  return { session: built.session, session_token: built.session_token, session_jwt: built.session_jwt };
}
