/** @module methods/magic-links — `client.magicLinks`: email magic-link sends and token authentication. */

import { LatchkeyError } from '../errors.js';
import { withCaptcha } from '../internal/captcha.js';
import type { ClientContext } from '../internal/context.js';
import type { PkceNamespace, PkcePair } from '../internal/pkce.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertEmail,
  assertNumber,
  assertOptionalBoolean,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertString,
} from '../internal/validate.js';
import type {
  AuthenticateResponse,
  AuthenticateResult,
  LocaleTag,
  MagicLinksSendResult,
} from '../wire-types.js';

/** Options of the email sends (camelCase forms of the wire fields). */
export interface MagicLinksEmailOptions {
  loginMagicLinkURL?: string;
  signupMagicLinkURL?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  /** The message's language (BCP 47, up to 35 characters). */
  locale?: LocaleTag;
  createUserAsPending?: boolean;
}

/** Options of `magicLinks.authenticate`. */
export interface MagicLinksAuthenticateOptions {
  sessionDurationMinutes: number;
}

/** `client.magicLinks`. */
export interface MagicLinksMethods {
  email: {
    /** Sends a login link to a known address, or a signup link to a new one. */
    loginOrCreate(email: string, options?: MagicLinksEmailOptions): Promise<MagicLinksSendResult>;
    /** Sends a link; adds the address as a factor when this browser is signed in. */
    send(email: string, options?: MagicLinksEmailOptions): Promise<MagicLinksSendResult>;
  };
  /** Redeems the `token` of a magic link and signs in. */
  authenticate(token: string, options: MagicLinksAuthenticateOptions): Promise<AuthenticateResult>;
}

function checkEmailOptions(email: unknown, options: MagicLinksEmailOptions | undefined): void {
  assertEmail('email', email);
  assertOptionalObject('options', options);
  for (const key of [
    'loginMagicLinkURL',
    'signupMagicLinkURL',
    'loginTemplateId',
    'signupTemplateId',
    'locale',
  ] as const) {
    assertOptionalString(key, options?.[key]);
  }
  assertOptionalNumber('loginExpirationMinutes', options?.loginExpirationMinutes);
  assertOptionalNumber('signupExpirationMinutes', options?.signupExpirationMinutes);
  assertOptionalBoolean('createUserAsPending', options?.createUserAsPending);
}

/** The error of an attempt with the wrong verifier names PKCE in its code or text (endpoints.md). */
function isPkceError(error: unknown): boolean {
  return error instanceof LatchkeyError && `${error.code} ${error.message}`.toLowerCase().includes('pkce');
}

/** Builds `client.magicLinks`. */
export function createMagicLinksMethods(ctx: ClientContext): MagicLinksMethods {
  async function sendTo(path: string, email: string, options: MagicLinksEmailOptions = {}) {
    checkEmailOptions(email, options);
    const config = await ctx.bootstrap.getAsync();
    const pair = config.pkceRequiredForEmailMagicLinks
      ? await ctx.pkce.getOrCreate('magic_links')
      : undefined;
    // Field order as the wire serializes it: options first, then email, challenge and captcha
    // token (checked by the provider on all but `/secondary`). No DFP source, so no DFP id.
    const send = (captchaToken: string | undefined) =>
      ctx.http.request<MagicLinksSendResult>({
        method: 'POST',
        path,
        body: {
          login_magic_link_url: options.loginMagicLinkURL,
          signup_magic_link_url: options.signupMagicLinkURL,
          login_expiration_minutes: options.loginExpirationMinutes,
          signup_expiration_minutes: options.signupExpirationMinutes,
          login_template_id: options.loginTemplateId,
          signup_template_id: options.signupTemplateId,
          locale: options.locale,
          create_user_as_pending: options.createUserAsPending,
          email,
          code_challenge: pair?.code_challenge,
          captcha_token: captchaToken,
        },
      });
    return withCaptcha(ctx, send, !path.endsWith('/secondary'));
  }

  async function redeem(token: string, sessionDurationMinutes: number, pair: PkcePair | null) {
    return ctx.http.request<AuthenticateResponse>({
      method: 'POST',
      path: '/magic_links/authenticate',
      body: { code_verifier: pair?.code_verifier, session_duration_minutes: sessionDurationMinutes, token },
    });
  }

  async function authenticate(
    token: string,
    options: MagicLinksAuthenticateOptions,
  ): Promise<AuthenticateResult> {
    assertString('token', token);
    assertOptionalObject('options', options);
    assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
    // A "log in instead" link from a password-reset email carries the reset flow's challenge.
    const resetPair = ctx.pkce.get('passwords');
    let used: PkceNamespace = resetPair ? 'passwords' : 'magic_links';
    let response: AuthenticateResponse;
    try {
      response = await redeem(
        token,
        options.sessionDurationMinutes,
        resetPair ?? ctx.pkce.get('magic_links'),
      );
    } catch (error) {
      if (!resetPair || !isPkceError(error)) throw error;
      used = 'magic_links';
      response = await redeem(token, options.sessionDurationMinutes, ctx.pkce.get('magic_links'));
    }
    ctx.pkce.clear(used);
    return completeSignIn(ctx, response);
  }

  return {
    email: {
      loginOrCreate: (email, options) => sendTo('/magic_links/email/login_or_create', email, options),
      // Secondary adds a factor to the signed-in user; chosen by local state (endpoints.md, primary/secondary).
      send: (email, options) =>
        sendTo(
          `/magic_links/email/send/${ctx.session.state.session ? 'secondary' : 'primary'}`,
          email,
          options,
        ),
    },
    authenticate,
  };
}
