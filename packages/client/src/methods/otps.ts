/** @module methods/otps — `client.otps`: one-time passcodes by email, SMS and WhatsApp, and their check. */

import { withCaptcha } from '../internal/captcha.js';
import type { ClientContext } from '../internal/context.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertEmail,
  assertNonEmptyString,
  assertNumber,
  assertOptionalBoolean,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertPhoneNumber,
} from '../internal/validate.js';
import type {
  LocaleTag,
  OtpsAuthenticateResult,
  OtpsEmailSendResult,
  OtpsPhoneSendResult,
  User,
} from '../wire-types.js';

/** Options every passcode send takes (all of WhatsApp's). */
export interface OtpsSendOptions {
  /** Minutes the code stays valid (the provider accepts 1..10; default 5). */
  expirationMinutes?: number;
  /** The message's language (BCP 47, up to 35 characters). */
  locale?: LocaleTag;
}

/** Options of `otps.email.*`. */
export interface OtpsEmailSendOptions extends OtpsSendOptions {
  loginTemplateId?: string;
  signupTemplateId?: string;
}

/** Options of `otps.sms.*`. */
export interface OtpsSmsSendOptions extends OtpsSendOptions {
  enableAutofill?: boolean;
  autofillSessionDurationMinutes?: number;
}

/** Options of `otps.authenticate`. */
export interface OtpsAuthenticateOptions {
  sessionDurationMinutes: number;
}

/** One delivery channel: `loginOrCreate` for sign-in or sign-up, `send` adds a factor when signed in. */
export interface OtpsChannel<Options, Result> {
  /** Sends a code to a known recipient, or creates the user first. */
  loginOrCreate(recipient: string, options?: Options): Promise<Result>;
  /** Sends a code; adds the recipient as a factor when this browser is signed in. */
  send(recipient: string, options?: Options): Promise<Result>;
}

/** `client.otps`. Phone numbers are E.164 (`+15555550100`); see `@latchkey/client/phone`. */
export interface OtpsMethods {
  email: OtpsChannel<OtpsEmailSendOptions, OtpsEmailSendResult>;
  sms: OtpsChannel<OtpsSmsSendOptions, OtpsPhoneSendResult>;
  whatsapp: OtpsChannel<OtpsSendOptions, OtpsPhoneSendResult>;
  /** Checks `code` against the factor `methodId` (from the send result) and signs in. */
  authenticate(
    code: string,
    methodId: string,
    options: OtpsAuthenticateOptions,
  ): Promise<OtpsAuthenticateResult>;
}

type ChannelName = 'email' | 'sms' | 'whatsapp';

function checkSendOptions(options: OtpsSendOptions | undefined): void {
  assertOptionalObject('options', options);
  assertOptionalNumber('expirationMinutes', options?.expirationMinutes);
  assertOptionalString('locale', options?.locale);
}

/** Builds `client.otps`. */
export function createOtpsMethods(ctx: ClientContext): OtpsMethods {
  // Secondary adds a factor to the signed-in user; chosen by local state (endpoints.md,
  // primary/secondary). An SMS during a multi-factor sign-in goes there too: with the
  // intermediate token, `/otps/sms/send/secondary` texts the user's verified phone (contracts.md).
  const sendPath = (channel: ChannelName) => {
    const secondary =
      ctx.session.state.session !== null || (channel === 'sms' && ctx.session.intermediateToken() !== null);
    return `/otps/${channel}/send/${secondary ? 'secondary' : 'primary'}`;
  };

  const post = <T>(path: string, body: object) => ctx.http.request<T>({ method: 'POST', path, body });

  /**
   * A send: the body in wire order (options first, then the recipient), then the captcha token,
   * which the provider checks on all but `/secondary`. No DFP source, so no DFP id.
   */
  const send = <T>(path: string, body: object) =>
    withCaptcha(
      ctx,
      (captchaToken) => post<T>(path, { ...body, captcha_token: captchaToken }),
      !path.endsWith('/secondary'),
    );

  async function sendEmail(path: string, email: string, options: OtpsEmailSendOptions = {}) {
    assertEmail('email', email);
    checkSendOptions(options);
    assertOptionalString('loginTemplateId', options.loginTemplateId);
    assertOptionalString('signupTemplateId', options.signupTemplateId);
    return send<OtpsEmailSendResult>(path, {
      expiration_minutes: options.expirationMinutes,
      locale: options.locale,
      login_template_id: options.loginTemplateId,
      signup_template_id: options.signupTemplateId,
      email,
    });
  }

  async function sendSms(path: string, phoneNumber: string, options: OtpsSmsSendOptions = {}) {
    assertPhoneNumber('phoneNumber', phoneNumber);
    checkSendOptions(options);
    assertOptionalBoolean('enableAutofill', options.enableAutofill);
    assertOptionalNumber('autofillSessionDurationMinutes', options.autofillSessionDurationMinutes);
    return send<OtpsPhoneSendResult>(path, {
      expiration_minutes: options.expirationMinutes,
      locale: options.locale,
      enable_autofill: options.enableAutofill,
      autofill_session_duration_minutes: options.autofillSessionDurationMinutes,
      phone_number: phoneNumber,
    });
  }

  async function sendWhatsApp(path: string, phoneNumber: string, options: OtpsSendOptions = {}) {
    assertPhoneNumber('phoneNumber', phoneNumber);
    checkSendOptions(options);
    return send<OtpsPhoneSendResult>(path, {
      expiration_minutes: options.expirationMinutes,
      locale: options.locale,
      phone_number: phoneNumber,
    });
  }

  async function authenticate(
    code: string,
    methodId: string,
    options: OtpsAuthenticateOptions,
  ): Promise<OtpsAuthenticateResult> {
    // Only the type is checked here: the digit rule belongs to the provider (and the widget's input).
    assertNonEmptyString('code', code);
    assertNonEmptyString('methodId', methodId);
    assertOptionalObject('options', options);
    assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
    const response = await post<OtpsAuthenticateResult & { __user?: User }>('/otps/authenticate', {
      token: code,
      method_id: methodId,
      session_duration_minutes: options.sessionDurationMinutes,
    });
    return completeSignIn(ctx, response);
  }

  const loginOrCreatePath = (channel: ChannelName) => `/otps/${channel}/login_or_create`;
  return {
    email: {
      loginOrCreate: (email, options) => sendEmail(loginOrCreatePath('email'), email, options),
      send: (email, options) => sendEmail(sendPath('email'), email, options),
    },
    sms: {
      loginOrCreate: (phone, options) => sendSms(loginOrCreatePath('sms'), phone, options),
      send: (phone, options) => sendSms(sendPath('sms'), phone, options),
    },
    whatsapp: {
      loginOrCreate: (phone, options) => sendWhatsApp(loginOrCreatePath('whatsapp'), phone, options),
      send: (phone, options) => sendWhatsApp(sendPath('whatsapp'), phone, options),
    },
    authenticate,
  };
}
