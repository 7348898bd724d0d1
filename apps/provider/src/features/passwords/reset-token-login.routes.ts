/** @module reset-token-login.routes — POST /passwords/email/reset/login under /sdk/v1 (ours: the reset form's "Login without a password"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import type { PasscodeLock } from '../otps/passcode-lock.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { ResetLoginBody, ResetLoginResponse } from './passwords.schemas.js';
import { redeemResetTokenAsLogin } from './reset-token-login.js';

/** What the route needs. */
export interface ResetTokenLoginRoutesOptions extends SignInDeps {
  db: Db;
  clock: Clock;
  passcodeLock: PasscodeLock;
}

/**
 * Signs in with an open password-reset token, the password unchanged. A session token in Basic
 * auth is ignored: like every sign-in this mints a new session (SECURITY D1).
 */
export const resetTokenLoginRoutes: FastifyPluginAsyncTypebox<ResetTokenLoginRoutesOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', createPublicAuth());
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
