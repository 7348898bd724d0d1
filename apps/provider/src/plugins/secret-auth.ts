/**
 * @module secret-auth — Basic `project_id:secret` for the server-facing /v1 API, or an operator
 * credential (Bearer) naming the project it acts on in `Latchkey-Project-Id` (the admin console).
 */
import type { FastifyRequest } from 'fastify';
import { constantTimeEqual, sha256Base64url } from '../crypto/hash.js';
import type { Db } from '../db/database.js';
import type { EventActor } from '../domain-events/domain-event.js';
import { ApiError } from '../errors/api-error.js';
import type { Operator } from '../features/operator-keys/operator-auth.js';
import { requireProject } from '../features/operator-keys/operator-project-access.js';
import { type Project, toProject } from '../features/projects/project.js';
import { findProjectById, findProjectByPublicToken } from '../features/projects/projects.repository.js';
import { parseBasicAuth } from '../http/basic-auth.js';

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function looksLikeSession(value: string): boolean {
  return SESSION_TOKEN.test(value) || JWT.test(value);
}

/** The header an operator credential names its project in; a project secret never sends it. */
export const PROJECT_ID_HEADER = 'latchkey-project-id';

/** The operator each request acting on a project through PROJECT_ID_HEADER authenticated as. */
const actingOperators = new WeakMap<FastifyRequest, Operator>();

/**
 * Who a server call acts as, for domain events and the audit log: the operator when an operator
 * credential made it, else the project's own server. Call after authenticateProjectSecret.
 */
export function serverActor(request: FastifyRequest): EventActor {
  const operator = actingOperator(request);
  if (operator) return { type: 'operator', id: operator.id };
  if (!request.project) throw new Error('serverActor before authenticateProjectSecret');
  return { type: 'project', id: request.project.id };
}

/** The operator credential a server call acting on a project through PROJECT_ID_HEADER came with; else undefined. */
export function actingOperator(request: FastifyRequest): Operator | undefined {
  return actingOperators.get(request);
}

/**
 * An operator acting on one project: the credential is checked first (so an unauthenticated caller
 * cannot probe which project IDs exist), then the project. Basic auth with the header is refused
 * rather than ignored, so a project secret can never seem to reach another project.
 */
async function authenticateOperatorOnProject(
  db: Db,
  request: FastifyRequest,
  header: string | string[],
): Promise<Project> {
  const projectId = typeof header === 'string' ? header.trim() : '';
  if (projectId === '' || projectId.length > 128) {
    throw new ApiError('invalid_request', {
      message: 'Latchkey-Project-Id must be sent once, with one project ID.',
    });
  }
  const authorization = request.headers.authorization;
  if (authorization === undefined) {
    throw new ApiError('unauthorized_credentials', {
      message: 'Latchkey-Project-Id needs an operator credential: send Authorization: Bearer <operator key>.',
    });
  }
  if (!/^Bearer\s/i.test(authorization)) {
    throw new ApiError('invalid_request', {
      message:
        'Latchkey-Project-Id is only for operator credentials (Authorization: Bearer); a project secret acts on its own project, so leave the header out.',
    });
  }
  const operator = await request.server.operatorAuth.authenticate(request);
  const project = await requireProject(db, projectId);
  actingOperators.set(request, operator);
  return project;
}

/**
 * Authenticates a server call; public tokens are refused outright (SECURITY I4). An operator
 * credential with Latchkey-Project-Id acts on that project (serverActor then names the operator).
 */
export async function authenticateProjectSecret(db: Db, request: FastifyRequest): Promise<Project> {
  const projectIdHeader = request.headers[PROJECT_ID_HEADER];
  if (projectIdHeader !== undefined) return authenticateOperatorOnProject(db, request, projectIdHeader);
  // A session is never a server credential: Bearer, or a session token or JWT in place of the
  // secret, is refused as such (403, issue 20) rather than as a wrong secret. Decided from the
  // shape alone (no session is looked up): secrets are `secret-{env}-…`, session tokens 43 base64url
  // characters, JWTs three dot-separated base64url parts.
  const bearer = /^Bearer\s+(\S*)/i.exec(request.headers.authorization ?? '');
  if (bearer) {
    // An operator key is no project's secret (docs: Project administration): a wrong credential, not a session.
    if (bearer[1]?.startsWith('operator-secret-')) {
      throw new ApiError('unauthorized_credentials', {
        message:
          'An operator key cannot act as a project secret; send Latchkey-Project-Id: <project ID> to act on a project as an operator, or Basic auth of the project ID and secret.',
      });
    }
    throw new ApiError('session_token_forbidden', {
      message:
        'A session token or session JWT cannot authenticate the server API; send Basic auth of the project ID and secret (an operator console session also sends Latchkey-Project-Id: <project ID>).',
    });
  }
  const credentials = parseBasicAuth(request.headers.authorization);
  if (!credentials) throw new ApiError('unauthorized_credentials');
  const { username, password } = credentials;
  const looksPublic = (value: string) => value.startsWith('public-token-');
  if (looksPublic(username) || looksPublic(password) || (await findProjectByPublicToken(db, username))) {
    throw new ApiError('public_token_forbidden');
  }
  if (looksLikeSession(password)) throw new ApiError('session_token_forbidden');
  const row = await findProjectById(db, username);
  // Hash even when the project is unknown so both failures take the same path.
  const presented = sha256Base64url(password);
  const current = constantTimeEqual(presented, row?.secret_hash ?? '');
  // After a rotation the replaced secret still works until its grace period ends (docs/provider-api.md).
  const previous =
    constantTimeEqual(presented, row?.previous_secret_hash ?? '') &&
    row?.previous_secret_expires_at != null &&
    request.server.clock.now() < row.previous_secret_expires_at;
  if (!row || !(current || previous)) {
    throw new ApiError('invalid_secret_authentication');
  }
  return toProject(row);
}

/** The operator a request acting on a project through Latchkey-Project-Id authenticated as; undefined for a project secret. */
export function actingOperatorOf(request: FastifyRequest): Operator | undefined {
  return actingOperators.get(request);
}

/**
 * The onRequest hook of a server-facing plugin or route: it sets `request.project` from the
 * project secret (or an operator credential) before anything else runs, so an unauthenticated
 * caller learns nothing from body, query or input validation.
 */
export function projectSecretHook(db: Db): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    request.project = await authenticateProjectSecret(db, request);
  };
}
