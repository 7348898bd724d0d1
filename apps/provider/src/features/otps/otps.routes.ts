/** @module otps.routes — POST /otps/{email,sms,whatsapp}/{login_or_create,send/primary,send/secondary} and /otps/authenticate. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { messageLocale } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf } from '../../plugins/project-auth.js';
import { requireCaptcha } from '../captcha/require-captcha.js';
import type { SecondFactorService } from '../mfa/second-factor.service.js';
import { normalisePhoneNumber, phoneNumberProblemMessage } from '../phone-numbers/phone-number.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import { isIntermediateSessionToken } from '../sessions/intermediate-session-token.js';
import { presentedSessionOf } from '../sessions/presented-session.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import type { Destination } from './otp-recipients.js';
import {
  AuthenticateBody,
  AuthenticateResponse,
  EmailSendBody,
  EmailSendResponse,
  PhoneSendBody,
  PhoneSendResponse,
} from './otps.schemas.js';
import type { OtpsAuthenticateService } from './otps-authenticate.service.js';
import type { OtpSendKind, OtpSendResult, OtpsSendService } from './otps-send.service.js';

/** What the passcode routes need. */
export interface OtpsRoutesOptions extends SignInDeps {
  send: OtpsSendService;
  redeem: OtpsAuthenticateService;
  secondFactor: SecondFactorService;
}

const ENDPOINTS: ReadonlyArray<[path: string, kind: OtpSendKind]> = [
  ['login_or_create', 'login_or_create'],
  ['send/primary', 'primary'],
  ['send/secondary', 'secondary'],
];

/** The E.164 form of a typed number, or 400 invalid_phone_number (nothing counted, stored or sent). */
export function phoneDestination(channel: 'sms' | 'whatsapp', typed: string): Destination {
  const parsed = normalisePhoneNumber(typed);
  if (!parsed.ok)
    throw new ApiError('invalid_phone_number', { message: phoneNumberProblemMessage(parsed.problem) });
  return { channel, value: parsed.e164 };
}

/** The passcode endpoints (all POST). */
export const otpsRoutes: FastifyPluginAsyncTypebox<OtpsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());

  /**
   * The user of a `secondary` send: the live session's, or, for an SMS, an IST's when the number is
   * its user's verified one (docs/contracts.md "Multi-factor policy").
   */
  async function secondaryUserOf(request: FastifyRequest, destination: Destination): Promise<string> {
    const project = projectOf(request);
    const secret = request.sessionToken;
    if (destination.channel === 'sms' && isIntermediateSessionToken(secret)) {
      const intermediate = await options.secondFactor.requireLive(project, secret);
      await options.secondFactor.assertSmsSecondFactor(intermediate, destination.value);
      return intermediate.user_id;
    }
    return (await options.sessions.requireLive(project, secret)).user_id;
  }

  /** Runs one send; `secondary` needs a live session (or IST), checked before the send limits. */
  async function send(
    request: FastifyRequest,
    kind: OtpSendKind,
    destination: Destination,
    fields: { expiration_minutes?: number | undefined; locale?: string | undefined },
  ) {
    const project = projectOf(request);
    // 400 naming locale before the session is looked up.
    const locale = messageLocale(fields.locale);
    const signedInUserId = kind === 'secondary' ? await secondaryUserOf(request, destination) : undefined;
    return options.send.send(kind, project, {
      destination,
      expirationMinutes: fields.expiration_minutes,
      clientIp: request.clientIp,
      locale,
      ...(signedInUserId === undefined ? {} : { signedInUserId }),
    });
  }
  /** docs/contracts.md "Captcha": the signed-out sends check it before anything else. */
  async function captchaFirst(request: FastifyRequest, kind: OtpSendKind): Promise<void> {
    if (kind !== 'secondary') await requireCaptcha(projectOf(request), request);
  }
  const emailAnswer = (result: OtpSendResult) => ({ ...result, email_id: result.method_id });
  const phoneAnswer = (result: OtpSendResult) => ({ ...result, phone_id: result.method_id });

  for (const [path, kind] of ENDPOINTS) {
    app.post(
      `/otps/email/${path}`,
      { schema: { body: EmailSendBody, response: { 200: EmailSendResponse } } },
      async (request) => {
        await captchaFirst(request, kind);
        const destination: Destination = {
          channel: 'email',
          value: normaliseEmailAddress(request.body.email),
        };
        return ok(request, emailAnswer(await send(request, kind, destination, request.body)));
      },
    );
    for (const channel of ['sms', 'whatsapp'] as const) {
      app.post(
        `/otps/${channel}/${path}`,
        { schema: { body: PhoneSendBody, response: { 200: PhoneSendResponse } } },
        async (request) => {
          await captchaFirst(request, kind);
          const destination = phoneDestination(channel, request.body.phone_number);
          return ok(request, phoneAnswer(await send(request, kind, destination, request.body)));
        },
      );
    }
  }

  app.post(
    '/otps/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const secret = request.sessionToken;
      const attributes = sessionAttributesOf(request);
      // With an IST the code completes that sign-in. Otherwise a live session in Basic auth is
      // what a secondary code needs (it then gains the factor); a sign-in code ignores it and
      // mints a new session (SECURITY D1).
      const redeemed = isIntermediateSessionToken(secret)
        ? await options.redeem.completeSignIn(
            project,
            await options.secondFactor.requireLive(project, secret),
            request.body,
            attributes,
          )
        : await options.redeem.redeem(
            project,
            request.body,
            attributes,
            await presentedSessionOf(options.sessions, project, secret),
          );
      const fields = await buildSignInResponse(options.responses, project, redeemed);
      return ok(request, { ...fields, method_id: redeemed.methodId });
    },
  );
};
