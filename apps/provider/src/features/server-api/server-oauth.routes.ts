/** @module server-oauth.routes — POST /v1/oauth/authenticate with Basic project_id:secret. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import type { OAuthAuthenticateService } from '../oauth/oauth-authenticate.service.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { withServerUserFields } from '../users/server-user-object.js';
import { ServerOAuthAuthenticateBody, ServerOAuthAuthenticateResponse } from './server-oauth.schemas.js';
import { precheckSessionCustomClaims, withSessionCustomClaims } from './session-custom-claims-step.js';

/** What the server-facing OAuth route needs. */
export interface ServerOAuthRoutesOptions extends SignInDeps {
  db: Db;
  authenticate: OAuthAuthenticateService;
}

/**
 * An integrator's server redeems the token its redirect URL received (the flow came back to
 * the integrator's site, which then holds the session server-side). Same redemption as the
 * browser-facing call (single use, expiry, PKCE, upstream tokens erased), except that there is
 * no browser session to step up: it always makes a new session.
 */
export const serverOAuthRoutes: FastifyPluginAsyncTypebox<ServerOAuthRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/v1/oauth/authenticate',
    {
      onRequest: projectSecretHook(options.db),
      schema: {
        body: ServerOAuthAuthenticateBody,
        response: { 200: ServerOAuthAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_custom_claims, ...input } = request.body;
      precheckSessionCustomClaims(session_custom_claims);
      const redeemed = await options.authenticate.redeem(project, null, input, sessionAttributesOf(request));
      const fields = await withSessionCustomClaims(
        options,
        project,
        await buildSignInResponse(options.responses, project, redeemed.signIn),
        session_custom_claims,
      );
      const { registration } = redeemed;
      return {
        status_code: 200,
        request_id: request.id,
        user_id: fields.user_id,
        oauth_user_registration_id: registration.id,
        session: fields.session,
        session_token: fields.session_token,
        session_jwt: fields.session_jwt,
        user: await withServerUserFields(options.db, fields.user),
        provider_subject: registration.provider_subject,
        provider_type: registration.provider_type,
        profile_picture_url: registration.profile_picture_url,
        locale: registration.locale,
        provider_values: redeemed.providerValues,
        ...('intermediate_session_token' in fields
          ? {
              intermediate_session_token: fields.intermediate_session_token,
              mfa_required: fields.mfa_required,
            }
          : {}),
      };
    },
  );
};
