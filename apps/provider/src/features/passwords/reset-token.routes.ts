/** @module reset-token.routes — POST /passwords/email/reset/check and /passwords/email/reset/login under /sdk/v1 (ours: the reset form asks whether its link still works, and offers "Login without a password"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import type { ResetTokenCheckThrottle } from '../../rate-limit/reset-token-check-throttle.js';
import type { PasscodeLock } from '../otps/passcode-lock.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import {
  ResetCheckBody,
  ResetCheckResponse,
  ResetLoginBody,
  ResetLoginResponse,
} from './passwords.schemas.js';
import { checkResetToken } from './reset-token-check.js';
import { redeemResetTokenAsLogin } from './reset-token-login.js';

/** What the routes need. */
export interface ResetTokenRoutesOptions extends SignInDeps {
  db: Db;
  clock: Clock;
  throttle: ResetTokenCheckThrottle;
  passcodeLock: PasscodeLock;
}

/** The reset form's two uses of its token besides the reset itself. */
export const resetTokenRoutes: FastifyPluginAsyncTypebox<ResetTokenRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());

  // Read-only: answers whether the reset token is open and for which address; consumes nothing.
  app.post(
    '/passwords/email/reset/check',
    { schema: { body: ResetCheckBody, response: { 200: ResetCheckResponse } } },
    async (request) => {
      const project = projectOf(request);
      return ok(request, await checkResetToken(options, project, request.body, request.clientIp));
    },
  );

  // Signs in with an open password-reset token, the password unchanged. A session token in Basic
  // auth is ignored: like every sign-in this mints a new session (SECURITY D1).
  app.post(
    '/passwords/email/reset/login',
    { schema: { body: ResetLoginBody, response: { 200: ResetLoginResponse } } },
    async (request) => {
      const project = projectOf(request);
      const redeemed = await redeemResetTokenAsLogin(
        options,
        project,
        request.body,
        sessionAttributesOf(request),
      );
      const fields = await buildSignInResponse(options.responses, project, redeemed);
      return ok(request, { ...fields, email_id: redeemed.emailId });
    },
  );
};
