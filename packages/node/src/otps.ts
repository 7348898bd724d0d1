/**
 * @module otps — a project's back end sends one-time passcodes and redeems them:
 * `POST /v1/otps/{email,sms,whatsapp}/send|login_or_create` and `POST /v1/otps/authenticate`,
 * named after the hosted provider's server SDK. Requests and answers are flat and in the wire's snake_case.
 */

import type {
  ServerEmailLoginOrCreateResult,
  ServerEmailSendResult,
  ServerOtpsAuthenticateResult,
  ServerPhoneLoginOrCreateResult,
  ServerPhoneSendResult,
} from '@latchkey/wire';
import { redeemSignInToken } from './internal/redeem-sign-in-token.js';
import { serverSend } from './internal/server-send.js';
import type { EndUserAttributes } from './magic-link-sends.js';
import type { ResolvedServerClientOptions } from './options.js';
import type { WithSession } from './session.js';

/** What every passcode send takes besides the recipient. */
export interface OtpOptions {
  /** 1 to 10 minutes; the project default when absent. */
  expiration_minutes?: number;
  locale?: string;
  attributes?: EndUserAttributes;
}

/** Name at most one: the code then adds the recipient to that user, redeemable only with their session. */
export interface OtpSignedInUser {
  user_id?: string;
  session_token?: string;
  session_jwt?: string;
}

export interface OtpsEmailSendRequest extends OtpOptions, OtpSignedInUser {
  email: string;
  /** Only `""`: Latchkey has no selectable email templates; a non-empty id → 400 `invalid_request`. */
  login_template_id?: string;
  /** Only `""`, as `login_template_id`. */
  signup_template_id?: string;
}
export interface OtpsEmailLoginOrCreateRequest extends OtpOptions {
  email: string;
  /** Only `""`: Latchkey has no selectable email templates; a non-empty id → 400 `invalid_request`. */
  login_template_id?: string;
  /** Only `""`, as `login_template_id`. */
  signup_template_id?: string;
  /** The new user is `pending` until the code is used. */
  create_user_as_pending?: boolean;
}
/** A number in E.164 form or as typed (it is normalised; an invalid one is `invalid_phone_number`). */
export interface OtpsPhoneSendRequest extends OtpOptions, OtpSignedInUser {
  phone_number: string;
}
export interface OtpsPhoneLoginOrCreateRequest extends OtpOptions {
  phone_number: string;
  create_user_as_pending?: boolean;
}

export type OtpsEmailSendResult = ServerEmailSendResult;
export type OtpsEmailLoginOrCreateResult = ServerEmailLoginOrCreateResult;
export type OtpsPhoneSendResult = ServerPhoneSendResult;
export type OtpsPhoneLoginOrCreateResult = ServerPhoneLoginOrCreateResult;
/** The provider's answer; `method_id` is the email or phone id the code proved. */
export type OtpsAuthenticateResult = WithSession<ServerOtpsAuthenticateResult>;

/** Options of `otps.authenticate`, named as on the wire. */
export interface OtpsAuthenticateOptions {
  session_duration_minutes?: number;
  /** A code sent to add an address or number is redeemable only with its user's session (then added to it). */
  session_token?: string;
  session_jwt?: string;
  /** Custom claims of the new session (reserved claims are refused; at most 4 KB of JSON). */
  session_custom_claims?: Record<string, unknown>;
  attributes?: EndUserAttributes;
}

/** The sends of one channel: `send` to a user who has the recipient (or to add it), `loginOrCreate` to anyone. */
export interface OtpChannelMethods<SendRequest, LoginRequest, SendResult, LoginResult> {
  send(request: SendRequest): Promise<SendResult>;
  loginOrCreate(request: LoginRequest): Promise<LoginResult>;
}

/**
 * The `otps` namespace (project secret required). Every call throws a `LatchkeyServerError` with
 * the provider's `error_type` as `code` (`email_not_found`, `phone_number_not_found`,
 * `duplicate_email`, `invalid_phone_number`, `too_many_requests`, `unable_to_auth_otp_code`, …),
 * or `invalid_argument` before any request for an empty recipient, method id or code.
 */
export interface OtpsServerMethods {
  readonly email: OtpChannelMethods<
    OtpsEmailSendRequest,
    OtpsEmailLoginOrCreateRequest,
    OtpsEmailSendResult,
    OtpsEmailLoginOrCreateResult
  >;
  readonly sms: OtpChannelMethods<
    OtpsPhoneSendRequest,
    OtpsPhoneLoginOrCreateRequest,
    OtpsPhoneSendResult,
    OtpsPhoneLoginOrCreateResult
  >;
  readonly whatsapp: OtpChannelMethods<
    OtpsPhoneSendRequest,
    OtpsPhoneLoginOrCreateRequest,
    OtpsPhoneSendResult,
    OtpsPhoneLoginOrCreateResult
  >;
  /**
   * Trades the 6-digit `code` sent to `methodId` for a session; single use, at most 5 attempts per
   * code, and the recipient's lockout after repeated failures, as in the browser.
   */
  authenticate(
    methodId: string,
    code: string,
    options?: OtpsAuthenticateOptions,
  ): Promise<OtpsAuthenticateResult>;
}

/** Builds the namespace over resolved options. */
export function createOtpsServerMethods(options: ResolvedServerClientOptions): OtpsServerMethods {
  const channel = (name: 'email' | 'sms' | 'whatsapp') => {
    const recipient = name === 'email' ? 'email' : 'phone_number';
    const ids = ['user_id', name === 'email' ? 'email_id' : 'phone_id'];
    const send = <Result>(endpoint: string, request: object) =>
      serverSend<Result>(options, `/v1/otps/${name}/${endpoint}`, request, recipient, ids);
    return {
      send: (request: object) => send('send', request),
      loginOrCreate: (request: object) => send('login_or_create', request),
    };
  };
  return {
    email: channel('email') as OtpsServerMethods['email'],
    sms: channel('sms') as OtpsServerMethods['sms'],
    whatsapp: channel('whatsapp') as OtpsServerMethods['whatsapp'],
    authenticate: (methodId, code, request = {}) =>
      redeemSignInToken<OtpsAuthenticateResult>(
        options,
        '/v1/otps/authenticate',
        { method_id: methodId, code },
        request,
        ['method_id'],
      ),
  };
}
