/** @module sessions.routes — POST /sessions/authenticate and /sessions/revoke under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import { buildAuthenticateResponse } from './authenticate-response.js';
import {
  SessionsAuthenticateBody,
  SessionsAuthenticateResponse,
  SessionsRevokeResponse,
} from './sessions.schemas.js';
import type { SignInDeps } from './sign-in-deps.js';

/** What the session routes need. */
export interface SessionsRoutesOptions extends SignInDeps {
  db: Db;
}

/** The browser-facing session endpoints. */
export const sessionsRoutes: FastifyPluginAsyncTypebox<SessionsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());

  app.post(
    '/sessions/authenticate',
    { schema: { body: SessionsAuthenticateBody, response: { 200: SessionsAuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const token = request.sessionToken;
      // The opaque token is not rotated on refresh, so concurrent refreshes from several tabs all succeed.
      const { session, user } = await options.sessions.authenticate(
        project,
        token,
        request.body.session_duration_minutes,
      );
      return ok(
        request,
        await buildAuthenticateResponse(options.responses, project, session, token as string, user),
      );
    },
  );

  app.post('/sessions/revoke', { schema: { response: { 200: SessionsRevokeResponse } } }, async (request) => {
    await options.sessions.revoke(projectOf(request), request.sessionToken);
    return ok(request, {});
  });
};
