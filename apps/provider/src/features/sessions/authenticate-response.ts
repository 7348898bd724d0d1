/** @module authenticate-response — builds the wire AuthenticateResponse fields for a session. */
import type { MfaRequired } from '@latchkey/wire';
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import type { Project } from '../projects/project.js';
import type { KeyRing } from '../signing-keys/key-ring.js';
import { toWireUser } from '../users/user-object.js';
import type { UserWithFactors } from '../users/user-with-factors.js';
import type { WireUser } from '../users/users.schemas.js';
import { loadWireUser } from '../users/users.service.js';
import { signSessionJwt } from './session-jwt.js';
import type { SessionJwtCache } from './session-jwt-cache.js';
import { toWireSession } from './session-object.js';
import type { WireSession } from './sessions.schemas.js';
import type { PrimarySignIn } from './sessions.service.js';
import type { SessionRow } from './sessions.table.js';

/** wire/objects.md AuthenticateResponse without request_id/status_code. */
export interface AuthenticateFields {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: WireSession;
  user: WireUser;
  /** endpoints.md: every response with a user carries both `user` and `__user`. */
  __user: WireUser;
}

/** What building a response needs. */
export interface AuthenticateResponseDeps {
  db: DbExecutor;
  clock: Clock;
  keyRing: KeyRing;
  issuer: string;
  /** The session JWTs to hand out again while they have most of their life left. */
  jwts?: SessionJwtCache;
}

/**
 * Builds the response for `session`; `token` is the opaque session token the caller holds.
 * `sessionUser` is the session's user when the caller already read it (sessions.service
 * `authenticate`); otherwise it is loaded here.
 */
export async function buildAuthenticateResponse(
  deps: AuthenticateResponseDeps,
  project: Project,
  session: SessionRow,
  token: string,
  sessionUser?: UserWithFactors,
): Promise<AuthenticateFields> {
  const user = sessionUser
    ? toWireUser(sessionUser)
    : await loadWireUser(deps.db, project.id, session.user_id);
  const session_jwt = await signSessionJwt(deps.keyRing, {
    issuer: deps.issuer,
    projectId: project.id,
    session,
    now: deps.clock.now(),
    cache: deps.jwts,
    claimsTemplate: project.sessionCustomClaimsTemplate,
  });
  return {
    user_id: session.user_id,
    session_token: token,
    session_jwt,
    session: toWireSession(session),
    user,
    __user: user,
  };
}

/**
 * The answer of a primary sign-in that awaits its second factor (docs/contracts.md "Multi-factor
 * policy"): no session, empty tokens, the IST and the factors that can complete it.
 */
export interface IntermediateFields {
  user_id: string;
  session_token: '';
  session_jwt: '';
  session: null;
  user: WireUser;
  __user: WireUser;
  intermediate_session_token: string;
  mfa_required: MfaRequired;
}

/** The fields of a primary sign-in's response: a session's, or an intermediate session's. */
export type SignInFields = AuthenticateFields | IntermediateFields;

/**
 * Builds the response of a primary sign-in (sessions.service `completePrimarySignIn`). `user` is
 * the signed-in user when the sign-in read it already; otherwise it is loaded here.
 */
export async function buildSignInResponse(
  deps: AuthenticateResponseDeps,
  project: Project,
  signIn: PrimarySignIn & { user?: UserWithFactors },
): Promise<SignInFields> {
  if (!('intermediate' in signIn))
    return buildAuthenticateResponse(deps, project, signIn.row, signIn.token, signIn.user);
  const { intermediate } = signIn;
  const user = signIn.user
    ? toWireUser(signIn.user)
    : await loadWireUser(deps.db, project.id, intermediate.userId);
  return {
    user_id: intermediate.userId,
    session_token: '',
    session_jwt: '',
    session: null,
    user,
    __user: user,
    intermediate_session_token: intermediate.token,
    mfa_required: intermediate.mfaRequired,
  };
}
