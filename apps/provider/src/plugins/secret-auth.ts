/** @module secret-auth — Basic `project_id:secret` for the server-facing /v1 API. */
import type { FastifyRequest } from 'fastify';
import { constantTimeEqual, sha256Base64url } from '../crypto/hash.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { type Project, toProject } from '../features/projects/project.js';
import { findProjectById, findProjectByPublicToken } from '../features/projects/projects.repository.js';
import { parseBasicAuth } from '../http/basic-auth.js';

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function looksLikeSession(value: string): boolean {
  return SESSION_TOKEN.test(value) || JWT.test(value);
}

/** Authenticates a server call; public tokens are refused outright (SECURITY I4). */
export async function authenticateProjectSecret(db: Db, request: FastifyRequest): Promise<Project> {
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
          'An operator key cannot act as a project secret; send Basic auth of the project ID and secret.',
      });
    }
    throw new ApiError('session_token_forbidden');
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
