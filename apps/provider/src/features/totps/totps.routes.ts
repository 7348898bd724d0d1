/** @module totps.routes — POST /totps, /totps/authenticate, /totps/recovery_codes, /totps/recover and DELETE /users/totps/{id} under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf, signedInCaller } from '../../plugins/project-auth.js';
import type { SecondFactorService } from '../mfa/second-factor.service.js';
import { secondFactorOptionsOf } from '../mfa/second-factor-options.js';
import { buildAuthenticateResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { userAfterRemoval } from '../users/users.service.js';
import {
  AuthenticateBody,
  AuthenticateResponse,
  CreateBody,
  CreateResponse,
  DeleteResponse,
  RecoverBody,
  RecoveryCodesResponse,
  TotpParams,
} from './totps.schemas.js';
import type { ProveTotp, TotpsAuthenticateService } from './totps-authenticate.service.js';
import type { TotpsEnrolService } from './totps-enrol.service.js';

/** What the TOTP routes need. */
export interface TotpsRoutesOptions extends SignInDeps {
  db: Db;
  enrol: TotpsEnrolService;
  authenticate: TotpsAuthenticateService;
  secondFactor: SecondFactorService;
}

/**
 * The authenticator-app endpoints. `/totps`, `/totps/authenticate` and `/totps/recover` take a
 * session or an IST (docs/contracts.md "Multi-factor policy"); the other two a session only.
 */
export const totpsRoutes: FastifyPluginAsyncTypebox<TotpsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());
  const { secondFactor, responses } = options;

  app.post('/totps', { schema: { body: CreateBody, response: { 200: CreateResponse } } }, async (request) => {
    const project = projectOf(request);
    const caller = await secondFactor.callerOf(project, request.sessionToken);
    let userId: string;
    if (caller.kind === 'intermediate') {
      const { user_id: id, primary_factor: primary } = caller.intermediate;
      // Enrolling during sign-in is for users with no second factor yet: one who can receive an
      // SMS code proves that first, or the password alone would let anyone add their own app.
      if ((await secondFactorOptionsOf(options.db, id, primary)).sms)
        throw new ApiError('mfa_required', {
          message: 'Complete this sign-in with an SMS code first; add an authenticator app afterwards.',
        });
      userId = id;
    } else {
      userId = caller.session.user_id;
    }
    return ok(request, await options.enrol.create(project, userId, request.body.expiration_minutes));
  });

  /** Proves a code (`prove`) for the session or intermediate session presented; answers AuthenticateResponse + totp_id. */
  async function proveAndAnswer<Body>(request: FastifyRequest & { body: Body }, prove: ProveTotp<Body>) {
    const project = projectOf(request);
    const caller = await secondFactor.callerOf(project, request.sessionToken);
    const proven = await prove(project, caller, request.body, sessionAttributesOf(request));
    return ok(request, {
      ...(await buildAuthenticateResponse(responses, project, proven.row, proven.token)),
      totp_id: proven.totpId,
    });
  }

  app.post(
    '/totps/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: AuthenticateResponse } } },
    async (request) => proveAndAnswer(request, options.authenticate.authenticate),
  );

  app.post(
    '/totps/recover',
    { schema: { body: RecoverBody, response: { 200: AuthenticateResponse } } },
    async (request) => proveAndAnswer(request, options.authenticate.recover),
  );

  app.post(
    '/totps/recovery_codes',
    { schema: { response: { 200: RecoveryCodesResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, options.sessions);
      const totps = await options.enrol.rotateRecoveryCodes(project, session.user_id);
      return ok(request, { user_id: session.user_id, totps });
    },
  );

  app.delete(
    '/users/totps/:totp_id',
    { schema: { params: TotpParams, response: { 200: DeleteResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, options.sessions);
      await options.enrol.remove(project, session.user_id, request.params.totp_id);
      return ok(request, await userAfterRemoval(options.db, project.id, session.user_id));
    },
  );
};
