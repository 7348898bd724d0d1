/** @module reset-token-check.routes — POST /passwords/email/reset/check under /sdk/v1 (ours: the reset form asks whether its link still works). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import type { ResetTokenCheckThrottle } from '../../rate-limit/reset-token-check-throttle.js';
import { ResetCheckBody, ResetCheckResponse } from './passwords.schemas.js';
import { checkResetToken } from './reset-token-check.js';

/** What the route needs. */
export interface ResetTokenCheckRoutesOptions {
  db: Db;
  clock: Clock;
  throttle: ResetTokenCheckThrottle;
}

/** Read-only: answers whether the reset token is open and for which address; consumes nothing. */
export const resetTokenCheckRoutes: FastifyPluginAsyncTypebox<ResetTokenCheckRoutesOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', createPublicAuth());
  app.post(
    '/passwords/email/reset/check',
    { schema: { body: ResetCheckBody, response: { 200: ResetCheckResponse } } },
    async (request) => {
      const project = projectOf(request);
      return ok(request, await checkResetToken(options, project, request.body, request.clientIp));
    },
  );
};
