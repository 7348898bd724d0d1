/** @module oauth-sdk.routes — POST /oauth/authenticate and DELETE /users/oauth/{id} under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf, signedInCaller } from '../../plugins/project-auth.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { userAfterRemoval } from '../users/users.service.js';
import {
  AuthenticateBody,
  DeleteResponse,
  OAuthAuthenticateResponse,
  RegistrationParams,
} from './oauth.schemas.js';
import type { OAuthAuthenticateService } from './oauth-authenticate.service.js';
import type { OAuthRegistrationsService } from './oauth-registrations.service.js';

/** What the /sdk/v1 OAuth routes need. */
export interface OAuthSdkRoutesOptions extends SignInDeps {
  db: Db;
  authenticate: OAuthAuthenticateService;
  registrations: OAuthRegistrationsService;
}

/** Redeeming the token of a finished OAuth flow, and unlinking an identity. */
export const oauthSdkRoutes: FastifyPluginAsyncTypebox<OAuthSdkRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());

  app.post(
    '/oauth/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: OAuthAuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const redeemed = await options.authenticate.redeem(
        project,
        request.sessionToken,
        request.body,
        sessionAttributesOf(request),
      );
      const fields = await buildSignInResponse(options.responses, project, redeemed.signIn);
      const { registration } = redeemed;
      return ok(request, {
        ...fields,
        provider_subject: registration.provider_subject,
        provider_type: registration.provider_type,
        profile_picture_url: registration.profile_picture_url,
        locale: registration.locale,
        provider_values: redeemed.providerValues,
      });
    },
  );

  app.delete(
    '/users/oauth/:oauth_user_registration_id',
    { schema: { params: RegistrationParams, response: { 200: DeleteResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, options.sessions);
      await options.registrations.remove(project, session, request.params.oauth_user_registration_id);
      return ok(request, await userAfterRemoval(options.db, project.id, session.user_id));
    },
  );
};
