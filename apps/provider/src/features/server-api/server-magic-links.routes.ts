/** @module server-magic-links.routes — POST /v1/magic_links/authenticate with Basic project_id:secret. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import { signInWithMagicLink } from '../magic-links/magic-link-sign-in.js';
import type { MagicLinksAuthenticateService } from '../magic-links/magic-links-authenticate.service.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { serverSessionAttributes } from './server-caller.js';
import {
  ServerMagicLinkAuthenticateBody,
  ServerMagicLinkAuthenticateResponse,
} from './server-magic-links.schemas.js';
import { serverSignInAnswer } from './server-sign-in-answer.js';
import { precheckSessionCustomClaims, withSessionCustomClaims } from './session-custom-claims-step.js';

/** What the server-facing magic-link route needs. */
export interface ServerMagicLinksRoutesOptions extends SignInDeps {
  db: Db;
  redeem: MagicLinksAuthenticateService;
}

/**
 * An integrator's server redeems the token its own page received (the link points at the
 * integrator's site, which then holds the session server-side). Same redemption as the
 * browser-facing call: single use, expiry, PKCE and pending-user activation all apply.
 */
export const serverMagicLinksRoutes: FastifyPluginAsyncTypebox<ServerMagicLinksRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/v1/magic_links/authenticate',
    {
      onRequest: projectSecretHook(options.db),
      schema: {
        body: ServerMagicLinkAuthenticateBody,
        response: { 200: ServerMagicLinkAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_custom_claims } = request.body;
      precheckSessionCustomClaims(session_custom_claims);
      // As in the browser, but the session, if any, comes in the body.
      const signedIn = await signInWithMagicLink(
        options,
        project,
        request.body,
        serverSessionAttributes(request, request.body.attributes),
        request.body.session_token ?? null,
      );
      const fields = await withSessionCustomClaims(options, project, signedIn.fields, session_custom_claims);
      return serverSignInAnswer(options.db, request, fields, { method_id: signedIn.emailId });
    },
  );
};
