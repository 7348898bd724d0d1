/** @module server-sessions.routes — POST /v1/sessions/authenticate with Basic project_id:secret. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import { buildAuthenticateResponse } from '../sessions/authenticate-response.js';
import { checkSessionCustomClaimsUpdate } from '../sessions/session-custom-claims.js';
import { verifySessionJwtSignature } from '../sessions/session-jwt.js';
import type { TouchedSession } from '../sessions/sessions.service.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import type { KeyRing } from '../signing-keys/key-ring.js';
import { withServerUserFields } from '../users/server-user-object.js';
import { ServerAuthenticateBody, ServerAuthenticateResponse } from './server-sessions.schemas.js';

/** What the server-facing session route needs. */
export interface ServerSessionsRoutesOptions extends SignInDeps {
  db: Db;
  keyRing: KeyRing;
  issuer: string;
}

/**
 * Integrators' servers check a session here. With a session_token the answer echoes it; with
 * only a session_jwt the opaque token is unknown to the provider (it keeps hashes only), so
 * session_token is the empty string.
 */
export const serverSessionsRoutes: FastifyPluginAsyncTypebox<ServerSessionsRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/v1/sessions/authenticate',
    {
      onRequest: projectSecretHook(options.db),
      schema: { body: ServerAuthenticateBody, response: { 200: ServerAuthenticateResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_token, session_jwt, session_duration_minutes, session_custom_claims } = request.body;
      // A reserved claim is refused before the session is touched.
      if (session_custom_claims !== undefined) checkSessionCustomClaimsUpdate(session_custom_claims);
      let touched: TouchedSession;
      if (session_token !== undefined) {
        touched = await options.sessions.authenticate(project, session_token, session_duration_minutes);
      } else if (session_jwt !== undefined) {
        const claims = await verifySessionJwtSignature(options.keyRing, session_jwt, {
          issuer: options.issuer,
          projectId: project.id,
          now: options.responses.clock.now(),
        });
        touched = await options.sessions.authenticateById(
          project,
          claims.sessionId,
          session_duration_minutes,
        );
      } else {
        throw new ApiError('invalid_request', {
          message: 'Send session_token or session_jwt.',
          body: [{ dataPath: '.session_token', message: 'session_token or session_jwt is required' }],
        });
      }
      if (session_custom_claims !== undefined) {
        const session = await options.sessions.updateCustomClaims(
          project,
          touched.session.id,
          session_custom_claims,
        );
        touched = { ...touched, session };
      }
      const fields = await buildAuthenticateResponse(
        options.responses,
        project,
        touched.session,
        session_token ?? '',
        touched.user,
      );
      return {
        status_code: 200,
        request_id: request.id,
        session: fields.session,
        session_token: fields.session_token,
        session_jwt: fields.session_jwt,
        user: await withServerUserFields(options.db, fields.user),
      };
    },
  );
};
