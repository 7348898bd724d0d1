/**
 * @module server-caller — what the server API's sends and redemptions learn from the body about
 * the person they act for: their address and browser (`attributes`, as the hosted provider's
 * server API takes them, since the request itself comes from the integrator's server), and who
 * they are (`user_id`, `session_token` or `session_jwt`). The project's server is the actor.
 */

import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { serverActor } from '../../plugins/secret-auth.js';
import type { Project } from '../projects/project.js';
import type { PresentedSession } from '../sessions/presented-session.js';
import { verifySessionJwtSignature } from '../sessions/session-jwt.js';
import type { SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { KeyRing } from '../signing-keys/key-ring.js';
import { userDirectory } from '../users/user-directory.js';

/** `attributes`: the end user's address and browser, as the integrator's server saw them. */
export const ServerAttributesField = Type.Object({
  ip_address: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Fa-f:.]+$' })),
  user_agent: Type.Optional(Type.String({ maxLength: 512 })),
});

type ServerAttributes = Static<typeof ServerAttributesField>;

/** The fields that name the user a send is for (the hosted provider's names). */
export const SignedInUserFields = {
  user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  session_jwt: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
};

/** The end user's address: `attributes.ip_address`, else the caller's (the send limits count per address). */
export function endUserIp(request: FastifyRequest, attributes: ServerAttributes | undefined): string {
  return attributes?.ip_address ?? request.clientIp;
}

/** What a new session records: the end user's address and browser when given, the caller's otherwise. */
export function serverSessionAttributes(
  request: FastifyRequest,
  attributes: ServerAttributes | undefined,
): SessionAttributes {
  const userAgent = request.headers['user-agent'];
  return {
    ip_address: endUserIp(request, attributes),
    user_agent: attributes?.user_agent ?? (typeof userAgent === 'string' ? userAgent.slice(0, 512) : ''),
    actor: serverActor(request),
  };
}

/** What resolving a user or session needs. */
export interface ServerCallerDeps {
  db: Db;
  sessions: SessionsService;
  keyRing: KeyRing;
  issuer: string;
  now: () => Date;
}

/** The live session of a `session_jwt` (the token is unknown to the provider, which keeps hashes). */
async function sessionOfJwt(
  deps: ServerCallerDeps,
  project: Project,
  jwt: string,
): Promise<PresentedSession> {
  const claims = await verifySessionJwtSignature(deps.keyRing, jwt, {
    issuer: deps.issuer,
    projectId: project.id,
    now: deps.now(),
  });
  const touched = await deps.sessions.authenticateById(project, claims.sessionId, undefined);
  return { row: touched.session, token: '' };
}

/** The body fields by which a server call names a session of the caller's user. */
export interface SessionFields {
  session_token?: string | undefined;
  session_jwt?: string | undefined;
}

/** The body fields by which a server call names a user: by id, or by one of its sessions. */
export interface UserOrSessionFields extends SessionFields {
  user_id?: string | undefined;
}

/**
 * The caller's live session from `session_token` or `session_jwt`, or undefined when neither is
 * given; 404 `session_not_found` / 401 `invalid_jwt` when the one given is not live.
 */
export async function presentedSessionFromBody(
  deps: ServerCallerDeps,
  project: Project,
  body: SessionFields,
): Promise<PresentedSession | undefined> {
  if (body.session_token !== undefined) {
    const row = await deps.sessions.requireLive(project, body.session_token);
    return { row, token: body.session_token };
  }
  if (body.session_jwt !== undefined) return sessionOfJwt(deps, project, body.session_jwt);
  return undefined;
}

/**
 * The user a send adds an address to (`user_id`, `session_token` or `session_jwt`, at most one),
 * or undefined for a sign-in send. 404 `user_not_found` for a user who is not this project's.
 */
export async function signedInUserFromBody(
  deps: ServerCallerDeps,
  project: Project,
  body: UserOrSessionFields,
): Promise<string | undefined> {
  const given = (['user_id', 'session_token', 'session_jwt'] as const).filter((f) => body[f] !== undefined);
  if (given.length > 1) {
    throw new ApiError('invalid_request', {
      message: 'Send at most one of user_id, session_token or session_jwt.',
      body: given.map((field) => ({
        dataPath: `.${field}`,
        message: 'at most one of user_id, session_token or session_jwt',
      })),
    });
  }
  if (body.user_id !== undefined) {
    const user = await userDirectory.findWithFactors(deps.db, project.id, body.user_id);
    if (!user) throw new ApiError('user_not_found');
    return body.user_id;
  }
  return (await presentedSessionFromBody(deps, project, body))?.row.user_id;
}
