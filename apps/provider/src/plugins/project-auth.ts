/** @module project-auth — identifies the project (public token) and the session token of /sdk/v1 calls. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { Project } from '../features/projects/project.js';
import type { ProjectLookup } from '../features/projects/project-lookup.js';
import { isOriginAllowed } from '../features/projects/project-policy.js';
import { parseBasicAuth } from '../http/basic-auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Projects by public token, cached for a few seconds (set by registerProjectAuthDecorations). */
    projectLookup: ProjectLookup;
  }
  interface FastifyRequest {
    /** The project of an authenticated /sdk/v1 call. */
    project: Project | null;
    /** The session token from Basic auth, or null when the secret was the public token. */
    sessionToken: string | null;
  }
}

/** Adds the request decorations and the project lookup every /sdk/v1 route reads; call once on the root instance. */
export function registerProjectAuthDecorations(app: FastifyInstance, projects: ProjectLookup): void {
  app.decorate('projectLookup', projects);
  app.decorateRequest('project', null);
  app.decorateRequest('sessionToken', null);
}

/**
 * SECURITY I1: the page origin (Origin, and X-SDK-Parent-Host which the SDK also sends) must be
 * one the project accepts. Requests without either (servers, curl) are not browser requests and
 * CORS does not apply to them.
 */
export function assertOriginAllowed(request: FastifyRequest, reply: FastifyReply, project: Project): void {
  const candidates = [request.headers.origin, request.headers['x-sdk-parent-host']].filter(
    (value): value is string => typeof value === 'string',
  );
  if (candidates.every((origin) => isOriginAllowed(project, origin))) return;
  // Another project may accept this origin; this one does not, so the browser gets no CORS grant.
  reply.removeHeader('access-control-allow-origin');
  reply.removeHeader('access-control-allow-credentials');
  throw new ApiError('invalid_origin');
}

/** The project owning `publicToken`, or 401 invalid_public_token. */
export async function requireProjectByPublicToken(
  projects: ProjectLookup,
  publicToken: string,
): Promise<Project> {
  const project = await projects.byPublicToken(publicToken);
  if (!project) throw new ApiError('invalid_public_token');
  return project;
}

/**
 * onRequest hook for /sdk/v1 routes: Basic `public_token:secret`, where the secret is a session
 * token or the public token again (wire/README.md "Request headers"). The project comes from
 * the instance's cached lookup; the session is the route's to check, live, in the database.
 * A routes plugin adds it once for all its routes: `app.addHook('onRequest', createPublicAuth())`.
 */
export function createPublicAuth() {
  return async function publicAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const credentials = parseBasicAuth(request.headers.authorization);
    if (!credentials) throw new ApiError('unauthorized_credentials');
    const project = await requireProjectByPublicToken(request.server.projectLookup, credentials.username);
    assertOriginAllowed(request, reply, project);
    request.project = project;
    request.sessionToken = credentials.password === project.publicToken ? null : credentials.password;
  };
}

/** The project set by publicAuth; a programming error if the hook was not attached. */
export function projectOf(request: FastifyRequest): Project {
  if (!request.project) throw new Error('publicAuth hook missing on this route');
  return request.project;
}

/**
 * The project and the caller's live session, checked in the database (401 or 404 without one):
 * where every signed-in /sdk/v1 route starts.
 */
export async function signedInCaller<Session>(
  request: FastifyRequest,
  sessions: { requireLive(project: Project, token: string | null): Promise<Session> },
): Promise<{ project: Project; session: Session }> {
  const project = projectOf(request);
  return { project, session: await sessions.requireLive(project, request.sessionToken) };
}
