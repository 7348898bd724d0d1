/**
 * @module server-session-management.routes — a project's back end lists and revokes its users'
 * sessions with the project secret: GET /v1/sessions, POST /v1/sessions/revoke (the hosted API's)
 * and POST /v1/sessions/revoke_all (Latchkey's).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import { verifySessionJwtSignature } from '../sessions/session-jwt.js';
import type { ManagementCaller, SessionManagement, SessionTarget } from '../sessions/session-management.js';
import type { KeyRing } from '../signing-keys/key-ring.js';
import {
  ServerSessionsGetQuery,
  ServerSessionsGetResponse,
  ServerSessionsRevokeAllBody,
  ServerSessionsRevokeAllResponse,
  ServerSessionsRevokeBody,
  ServerSessionsRevokeResponse,
} from './server-session-management.schemas.js';

/** What the session management routes need. */
export interface ServerSessionManagementRoutesOptions {
  db: Db;
  clock: Clock;
  keyRing: KeyRing;
  issuer: string;
  management: SessionManagement;
}

const callerOf = (request: FastifyRequest): ManagementCaller => ({
  project: projectOf(request),
  ipAddress: request.clientIp,
  actor: serverActor(request),
});

export const serverSessionManagementRoutes: FastifyPluginAsyncTypebox<
  ServerSessionManagementRoutesOptions
> = async (app, options) => {
  app.addHook('onRequest', projectSecretHook(options.db));

  app.get(
    '/v1/sessions',
    { schema: { querystring: ServerSessionsGetQuery, response: { 200: ServerSessionsGetResponse } } },
    async (request) => ({
      status_code: 200,
      request_id: request.id,
      sessions: await options.management.listOf(projectOf(request), request.query.user_id),
    }),
  );

  app.post(
    '/v1/sessions/revoke',
    { schema: { body: ServerSessionsRevokeBody, response: { 200: ServerSessionsRevokeResponse } } },
    async (request) => {
      const caller = callerOf(request);
      const given = (['session_id', 'session_token', 'session_jwt'] as const).filter(
        (field) => request.body[field] !== undefined,
      );
      if (given.length !== 1) {
        const field = given[1] ?? 'session_id';
        throw new ApiError('invalid_request', {
          message: 'Send exactly one of session_id, session_token or session_jwt.',
          body: [
            { dataPath: `.${field}`, message: 'exactly one of session_id, session_token or session_jwt' },
          ],
        });
      }
      const { session_id, session_token, session_jwt } = request.body;
      let target: SessionTarget;
      if (session_id !== undefined) target = { sessionId: session_id };
      else if (session_token !== undefined) target = { tokenHash: hashToken(session_token) };
      else {
        // As POST /v1/sessions/authenticate: the signature decides which session, not `exp`.
        const claims = await verifySessionJwtSignature(options.keyRing, session_jwt as string, {
          issuer: options.issuer,
          projectId: caller.project.id,
          now: options.clock.now(),
        });
        target = { sessionId: claims.sessionId };
      }
      await options.management.revoke(caller, target);
      return { status_code: 200, request_id: request.id };
    },
  );

  app.post(
    '/v1/sessions/revoke_all',
    { schema: { body: ServerSessionsRevokeAllBody, response: { 200: ServerSessionsRevokeAllResponse } } },
    async (request) => ({
      status_code: 200,
      request_id: request.id,
      revoked_session_ids: await options.management.revokeAllOf(callerOf(request), request.body.user_id),
    }),
  );
};
