/**
 * @module server-otps.routes — `POST /v1/otps/{email,sms,whatsapp}/send|login_or_create` and
 * `POST /v1/otps/authenticate` with Basic project_id:secret: the browser's passcodes (same checks,
 * limits, lockouts and queue), for an integrator's server. The caller holds the secret, so unlike
 * the browser's answers these say whether a recipient has an account (`email_not_found`,
 * `phone_number_not_found`, `user_created`), as the hosted provider's do.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { messageLocale } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import { type Destination, findMethod } from '../otps/otp-recipients.js';
import { phoneDestination } from '../otps/otps.routes.js';
import type { OtpsAuthenticateService } from '../otps/otps-authenticate.service.js';
import type { OtpSendKind, OtpSendResult, OtpsSendService } from '../otps/otps-send.service.js';
import type { Project } from '../projects/project.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import {
  endUserIp,
  presentedSessionFromBody,
  type ServerCallerDeps,
  serverSessionAttributes,
  signedInUserFromBody,
} from './server-caller.js';
import {
  ServerEmailLoginOrCreateResponse,
  ServerEmailSendResponse,
  ServerOtpAuthenticateBody,
  ServerOtpEmailLoginOrCreateBody,
  ServerOtpEmailSendBody,
  ServerOtpPhoneLoginOrCreateBody,
  ServerOtpPhoneSendBody,
  ServerOtpsAuthenticateResponse,
  ServerPhoneLoginOrCreateResponse,
  ServerPhoneSendResponse,
} from './server-otps.schemas.js';
import { serverSignInAnswer } from './server-sign-in-answer.js';
import { precheckSessionCustomClaims, withSessionCustomClaims } from './session-custom-claims-step.js';

/** What the server-facing passcode routes need. */
export interface ServerOtpsRoutesOptions extends SignInDeps {
  db: Db;
  send: OtpsSendService;
  redeem: OtpsAuthenticateService;
  caller: ServerCallerDeps;
}

/** What a send body has besides its recipient. */
interface SendFields {
  expiration_minutes?: number | undefined;
  attributes?: { ip_address?: string | undefined } | undefined;
  user_id?: string | undefined;
  session_token?: string | undefined;
  session_jwt?: string | undefined;
  create_user_as_pending?: boolean | undefined;
  locale?: string | undefined;
}

export const serverOtpsRoutes: FastifyPluginAsyncTypebox<ServerOtpsRoutesOptions> = async (app, options) => {
  const onRequest = projectSecretHook(options.db);

  /**
   * `send` signs a user in by a destination they have (404 when nobody has it) or, with a user
   * named, adds it to them (400 when someone else has it); `login_or_create` makes the account.
   */
  async function send(
    request: FastifyRequest,
    endpoint: 'send' | 'login_or_create',
    destination: Destination,
    body: SendFields,
  ): Promise<OtpSendResult> {
    const project = projectOf(request);
    const common = {
      // 400 naming locale before anything is looked up.
      locale: messageLocale(body.locale),
      destination,
      expirationMinutes: body.expiration_minutes,
      clientIp: endUserIp(request, body.attributes),
      actor: serverActor(request),
    };
    if (endpoint === 'login_or_create') {
      const newAccountStatus = body.create_user_as_pending === true ? 'pending' : 'active';
      return options.send.send('login_or_create', project, { ...common, newAccountStatus });
    }
    const signedIn = await signedInUserFromBody(options.caller, project, body);
    const owner = await findMethod(options.db, project, destination);
    const isEmail = destination.channel === 'email';
    if (signedIn === undefined && !owner) {
      throw isEmail
        ? new ApiError('email_not_found', { message: 'No user of this project has this email address.' })
        : new ApiError('phone_number_not_found', {
            message: 'No user of this project has this phone number.',
          });
    }
    if (signedIn !== undefined && owner && owner.user_id !== signedIn)
      throw new ApiError(isEmail ? 'duplicate_email' : 'duplicate_phone_number');
    const kind: OtpSendKind = signedIn === undefined ? 'primary' : 'secondary';
    return options.send.send(kind, project, {
      ...common,
      ...(signedIn === undefined ? {} : { signedInUserId: signedIn }),
    });
  }

  /** Every send's answer but the method id: the head, the user, and whether login_or_create made it. */
  const sentAnswer = (request: FastifyRequest, endpoint: string, result: OtpSendResult) => ({
    ...flatAnswerHead(request),
    user_id: result.user_id,
    ...(endpoint === 'login_or_create' ? { user_created: result.user_created } : {}),
  });

  for (const endpoint of ['send', 'login_or_create'] as const) {
    const loginOrCreate = endpoint === 'login_or_create';
    app.post(
      `/v1/otps/email/${endpoint}`,
      {
        onRequest,
        schema: {
          body: loginOrCreate ? ServerOtpEmailLoginOrCreateBody : ServerOtpEmailSendBody,
          response: { 200: loginOrCreate ? ServerEmailLoginOrCreateResponse : ServerEmailSendResponse },
        },
      },
      async (request) => {
        const destination: Destination = {
          channel: 'email',
          value: normaliseEmailAddress(request.body.email),
        };
        const result = await send(request, endpoint, destination, request.body);
        return { ...sentAnswer(request, endpoint, result), email_id: result.method_id };
      },
    );
    for (const channel of ['sms', 'whatsapp'] as const) {
      app.post(
        `/v1/otps/${channel}/${endpoint}`,
        {
          onRequest,
          schema: {
            body: loginOrCreate ? ServerOtpPhoneLoginOrCreateBody : ServerOtpPhoneSendBody,
            response: { 200: loginOrCreate ? ServerPhoneLoginOrCreateResponse : ServerPhoneSendResponse },
          },
        },
        async (request) => {
          const destination = phoneDestination(channel, request.body.phone_number);
          const result = await send(request, endpoint, destination, request.body);
          return { ...sentAnswer(request, endpoint, result), phone_id: result.method_id };
        },
      );
    }
  }

  app.post(
    '/v1/otps/authenticate',
    {
      onRequest,
      schema: { body: ServerOtpAuthenticateBody, response: { 200: ServerOtpsAuthenticateResponse } },
    },
    async (request) => {
      const project: Project = projectOf(request);
      const { code, method_id, session_duration_minutes, session_custom_claims, attributes } = request.body;
      // Checked before the code is tried: a bad claim costs the caller no attempt.
      precheckSessionCustomClaims(session_custom_claims);
      // A code sent to add an address or number is tried only with its user's session (issue 16);
      // a sign-in code ignores the session and makes a new one (SECURITY D1).
      const presented = await presentedSessionFromBody(options.caller, project, request.body);
      const redeemed = await options.redeem.redeem(
        project,
        {
          token: code,
          method_id,
          ...(session_duration_minutes === undefined ? {} : { session_duration_minutes }),
        },
        serverSessionAttributes(request, attributes),
        presented,
      );
      const fields = await withSessionCustomClaims(
        options,
        project,
        await buildSignInResponse(options.responses, project, redeemed),
        session_custom_claims,
      );
      return serverSignInAnswer(options.db, request, fields, { method_id: redeemed.methodId });
    },
  );
};
