/**
 * @module server-totps.routes — `POST /v1/totps`, `/v1/totps/authenticate`,
 * `/v1/totps/recovery_codes` and `/v1/totps/recover` with Basic project_id:secret: the browser's
 * authenticator-app services (same secrets at rest, time-step replay guard, per-user rate limit,
 * lasting lock, single-use recovery codes and events), for an integrator's server acting for
 * `user_id`. A code is a second factor here as in the browser: it is tried for a live session of
 * the user (which gains the factor) or their sign-in awaiting one (which it completes), never alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ServerTotpsAuthenticateBody,
  ServerTotpsAuthenticateResponse,
  ServerTotpsCreateBody,
  ServerTotpsCreateResponse,
  ServerTotpsRecoverBody,
  ServerTotpsRecoveryCodesBody,
  ServerTotpsRecoveryCodesResponse,
} from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ApiError, isApiError } from '../../errors/api-error.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import type { SecondFactorService, SessionOrIntermediate } from '../mfa/second-factor.service.js';
import type { Project } from '../projects/project.js';
import { buildAuthenticateResponse } from '../sessions/authenticate-response.js';
import type { CustomClaims } from '../sessions/session-custom-claims.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import type { ProveTotp, TotpsAuthenticateService } from '../totps/totps-authenticate.service.js';
import type { TotpsEnrolService } from '../totps/totps-enrol.service.js';
import { withServerUserFields } from '../users/server-user-object.js';
import { requireReferencedUser } from '../users/user-reference.js';
import { presentedSessionFromBody, type ServerCallerDeps, serverSessionAttributes } from './server-caller.js';
import { serverSignInAnswer } from './server-sign-in-answer.js';
import { precheckSessionCustomClaims, withSessionCustomClaims } from './session-custom-claims-step.js';

/** What the server-facing TOTP routes need. */
export interface ServerTotpsRoutesOptions extends SignInDeps {
  db: Db;
  enrol: TotpsEnrolService;
  authenticate: TotpsAuthenticateService;
  secondFactor: SecondFactorService;
  caller: ServerCallerDeps;
}

/** The body fields that name whom a code is tried for. */
interface CallerFields {
  user_id: string;
  session_token?: string | undefined;
  session_jwt?: string | undefined;
  intermediate_session_token?: string | undefined;
  session_duration_minutes?: number | undefined;
  session_custom_claims?: CustomClaims | undefined;
}

const CALLER_FIELDS = ['session_token', 'session_jwt', 'intermediate_session_token'] as const;

/** 400 invalid_request naming `fields` (nothing is read or changed before it). */
function invalidFields(message: string, fields: readonly string[], detail: string): ApiError {
  return new ApiError('invalid_request', {
    message,
    body: fields.map((field) => ({ dataPath: `.${field}`, message: detail })),
  });
}

export const serverTotpsRoutes: FastifyPluginAsyncTypebox<ServerTotpsRoutesOptions> = async (
  app,
  options,
) => {
  const onRequest = projectSecretHook(options.db);

  /**
   * The session or intermediate session the code is tried for: exactly one of the caller fields
   * (400 naming them otherwise), live (404 session_not_found / 401 invalid_jwt /
   * 401 intermediate_session_not_found), and of `user_id` (400 naming it otherwise).
   */
  async function callerFor(project: Project, body: CallerFields): Promise<SessionOrIntermediate> {
    const given = CALLER_FIELDS.filter((field) => body[field] !== undefined);
    if (given.length === 0)
      throw invalidFields(
        'A code is a second factor: send the session_token or session_jwt of the user’s session, or the intermediate_session_token of their sign-in.',
        ['session_token'],
        'one of session_token, session_jwt or intermediate_session_token is required',
      );
    if (given.length > 1)
      throw invalidFields(
        'Send one of session_token, session_jwt or intermediate_session_token.',
        given,
        'at most one of session_token, session_jwt or intermediate_session_token',
      );
    const userId = await requireReferencedUser(options.db, project.id, body.user_id);
    let caller: SessionOrIntermediate;
    if (body.intermediate_session_token !== undefined) {
      const intermediate = await options.secondFactor.requireLive(project, body.intermediate_session_token);
      caller = { kind: 'intermediate', intermediate };
    } else {
      const presented = await presentedSessionFromBody(options.caller, project, body);
      if (!presented) throw new Error('unreachable: a session field was given');
      caller = { kind: 'session', session: presented.row, token: presented.token };
    }
    const owner = caller.kind === 'session' ? caller.session.user_id : caller.intermediate.user_id;
    if (owner !== userId)
      throw invalidFields(
        `user_id is not the user of the ${given[0]} given.`,
        ['user_id'],
        `is not the user of the ${given[0]}`,
      );
    return caller;
  }

  /** Tries a code (`prove`) for the caller the body names; answers the flat sign-in answer + totp_id. */
  async function proveAndAnswer<Body extends CallerFields>(
    request: FastifyRequest & { body: Body },
    prove: ProveTotp<Body>,
  ) {
    const project = projectOf(request);
    const { session_custom_claims } = request.body;
    // Checked before the code is tried: a bad claim costs the user no attempt.
    precheckSessionCustomClaims(session_custom_claims);
    const caller = await callerFor(project, request.body);
    const proven = await prove(project, caller, request.body, serverSessionAttributes(request, undefined));
    const fields = await withSessionCustomClaims(
      options,
      project,
      await buildAuthenticateResponse(options.responses, project, proven.row, proven.token),
      session_custom_claims,
    );
    return serverSignInAnswer(options.db, request, fields, { totp_id: proven.totpId });
  }

  app.post(
    '/v1/totps',
    { onRequest, schema: { body: ServerTotpsCreateBody, response: { 200: ServerTotpsCreateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const userId = await requireReferencedUser(options.db, project.id, request.body.user_id);
      const created = await options.enrol.create(project, userId, request.body.expiration_minutes);
      return {
        status_code: 200,
        request_id: request.id,
        user_id: created.user_id,
        totp_id: created.totp_id,
        secret: created.secret,
        qr_code: created.qr_code,
        recovery_codes: created.recovery_codes,
        user: await withServerUserFields(options.db, created.__user),
      };
    },
  );

  app.post(
    '/v1/totps/authenticate',
    {
      onRequest,
      schema: { body: ServerTotpsAuthenticateBody, response: { 200: ServerTotpsAuthenticateResponse } },
    },
    async (request) => proveAndAnswer(request, options.authenticate.authenticate),
  );

  app.post(
    '/v1/totps/recover',
    {
      onRequest,
      schema: { body: ServerTotpsRecoverBody, response: { 200: ServerTotpsAuthenticateResponse } },
    },
    async (request) => proveAndAnswer(request, options.authenticate.recover),
  );

  app.post(
    '/v1/totps/recovery_codes',
    {
      onRequest,
      schema: { body: ServerTotpsRecoveryCodesBody, response: { 200: ServerTotpsRecoveryCodesResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const userId = await requireReferencedUser(options.db, project.id, request.body.user_id);
      // A user without an authenticator app has no codes: an empty list, not an error.
      const totps = await options.enrol.rotateRecoveryCodes(project, userId).then(
        (issued) => [issued],
        (error: unknown) => {
          if (isApiError(error) && error.code === 'totp_not_found') return [];
          throw error;
        },
      );
      return { status_code: 200, request_id: request.id, user_id: userId, totps };
    },
  );
};
