/** @module methods/passwords — `client.passwords`: sign-up, sign-in, strength check, the three resets and sign-in with a reset token. */

import { withCaptcha } from '../internal/captcha.js';
import type { ClientContext } from '../internal/context.js';
import { withDefaultMessage } from '../internal/default-message.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertNumber,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertString,
} from '../internal/validate.js';
import type {
  AuthenticateResponse,
  AuthenticateResult,
  PasswordStrengthCheckResult,
  PasswordsCreateResult,
  PasswordsResetByEmailCheckResult,
  PasswordsResetBySessionResult,
  ResponseCommon,
  User,
} from '../wire-types.js';
import type {
  PasswordStrengthCheckOptions,
  PasswordsAuthenticateOptions,
  PasswordsResetByEmailCheckOptions,
  PasswordsResetByEmailLoginOptions,
  PasswordsResetByEmailOptions,
  PasswordsResetByEmailStartOptions,
  PasswordsResetByExistingPasswordOptions,
  PasswordsResetBySessionOptions,
} from './password-options.js';

/** `client.passwords`. Every call but the start and the strength check signs in. */
export interface PasswordsMethods {
  /** Creates a user with a password and signs in (`POST /passwords`). */
  create(options: PasswordsAuthenticateOptions): Promise<PasswordsCreateResult>;
  /** Signs in with email and password. */
  authenticate(options: PasswordsAuthenticateOptions): Promise<AuthenticateResult>;
  /** Rates a password; resolves the provider's answer unchanged. */
  strengthCheck(options: PasswordStrengthCheckOptions): Promise<PasswordStrengthCheckResult>;
  /** Emails a reset link; adds a PKCE challenge when the project requires it. */
  resetByEmailStart(options: PasswordsResetByEmailStartOptions): Promise<ResponseCommon>;
  /** Sets a new password with the link's token and signs in. */
  resetByEmail(options: PasswordsResetByEmailOptions): Promise<AuthenticateResult>;
  /**
   * Signs in with the reset link's token and leaves the password as it is (the reset form's
   * "Login without a password"; `POST /passwords/email/reset/login`, a Latchkey addition).
   */
  resetByEmailLogin(options: PasswordsResetByEmailLoginOptions): Promise<PasswordsCreateResult>;
  /**
   * Asks whether the reset link's token still works and for which address, using nothing up
   * (`POST /passwords/email/reset/check`, a Latchkey addition); a dead token rejects with
   * `invalid_reset_token`.
   */
  resetByEmailCheck(options: PasswordsResetByEmailCheckOptions): Promise<PasswordsResetByEmailCheckResult>;
  /** Replaces a known password and signs in. */
  resetByExistingPassword(options: PasswordsResetByExistingPasswordOptions): Promise<AuthenticateResult>;
  /** Sets a new password for the signed-in user; resolves the raw response, `__user` included. */
  resetBySession(options: PasswordsResetBySessionOptions): Promise<PasswordsResetBySessionResult>;
}

/** Builds `client.passwords`. */
export function createPasswordsMethods(ctx: ClientContext): PasswordsMethods {
  const post = <T>(path: string, body: object, message: string) =>
    withDefaultMessage(ctx.http.request<T>({ method: 'POST', path, body }), message);

  // Bodies in wire order. The provider checks a captcha token on create, authenticate and the reset
  // start (contracts.md, captcha), so those send one, last; no call sends a DFP id (no source).
  async function signIn(path: string, options: PasswordsAuthenticateOptions, message: string) {
    assertOptionalObject('options', options);
    assertString('email', options?.email);
    assertString('password', options?.password);
    assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
    const response = await withCaptcha(ctx, (captchaToken) =>
      post<PasswordsCreateResult & { __user?: User }>(
        path,
        {
          email: options.email,
          password: options.password,
          session_duration_minutes: options.sessionDurationMinutes,
          captcha_token: captchaToken,
        },
        message,
      ),
    );
    return completeSignIn(ctx, response);
  }

  /**
   * Redeems the reset link's token at `path` with the reset's verifier (the provider refuses a
   * started-with-a-challenge token without it), ends the reset's PKCE and signs in. `password` is
   * left out of the JSON when undefined (the login without a password).
   */
  async function redeemResetToken(
    path: string,
    options: { token: string; password?: string; sessionDurationMinutes: number },
    message: string,
  ) {
    const response = await post<PasswordsCreateResult & { __user?: User }>(
      path,
      {
        token: options.token,
        password: options.password,
        session_duration_minutes: options.sessionDurationMinutes,
        code_verifier: ctx.pkce.get('passwords')?.code_verifier,
      },
      message,
    );
    ctx.pkce.clear('passwords');
    return completeSignIn(ctx, response);
  }

  return {
    create: (options) => signIn('/passwords', options, 'Failed to create password.'),
    authenticate: (options) => signIn('/passwords/authenticate', options, 'Failed to authenticate password.'),

    async strengthCheck(options) {
      assertOptionalObject('options', options);
      assertOptionalString('email', options?.email);
      assertString('password', options?.password);
      return post<PasswordStrengthCheckResult>(
        '/passwords/strength_check',
        { email: options.email, password: options.password },
        'Failed to check password strength.',
      );
    },

    async resetByEmailStart(options) {
      assertOptionalObject('options', options);
      assertString('email', options?.email);
      assertOptionalString('loginRedirectURL', options.loginRedirectURL);
      assertOptionalString('resetPasswordRedirectURL', options.resetPasswordRedirectURL);
      assertOptionalNumber('resetPasswordExpirationMinutes', options.resetPasswordExpirationMinutes);
      assertOptionalString('resetPasswordTemplateId', options.resetPasswordTemplateId);
      const config = await ctx.bootstrap.getAsync();
      // Reused while stored, so a second start (resend) keeps the first link redeemable.
      const pair = config.pkceRequiredForPasswordResets ? await ctx.pkce.getOrCreate('passwords') : undefined;
      // Spec §7 lists login_redirect_url: without it the provider falls back to the project's
      // default, which need not be the page the person asked from (issue 17).
      return withCaptcha(ctx, (captchaToken) =>
        post<ResponseCommon>(
          '/passwords/email/reset/start',
          {
            email: options.email,
            login_redirect_url: options.loginRedirectURL,
            reset_password_redirect_url: options.resetPasswordRedirectURL,
            reset_password_expiration_minutes: options.resetPasswordExpirationMinutes,
            reset_password_template_id: options.resetPasswordTemplateId,
            code_challenge: pair?.code_challenge,
            captcha_token: captchaToken,
          },
          'Failed to start password reset flow.',
        ),
      );
    },

    async resetByEmail(options) {
      assertOptionalObject('options', options);
      assertString('token', options?.token);
      assertString('password', options?.password);
      assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
      return redeemResetToken('/passwords/email/reset', options, 'Failed to reset password.');
    },

    async resetByEmailLogin(options) {
      assertOptionalObject('options', options);
      assertString('token', options?.token);
      assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
      // The reset's own endpoint (a reset token is no magic link, issue 16), with the reset's verifier.
      return redeemResetToken(
        '/passwords/email/reset/login',
        options,
        'Failed to log in without a password.',
      );
    },

    async resetByEmailCheck(options) {
      assertOptionalObject('options', options);
      assertString('token', options?.token);
      // A reset started with a challenge names its address only to the browser holding the verifier.
      const pair = ctx.pkce.get('passwords');
      return post<PasswordsResetByEmailCheckResult>(
        '/passwords/email/reset/check',
        { token: options.token, code_verifier: pair?.code_verifier },
        'Failed to check the password reset link.',
      );
    },

    async resetByExistingPassword(options) {
      assertOptionalObject('options', options);
      assertString('email', options?.email);
      assertString('existingPassword', options?.existingPassword);
      assertString('newPassword', options?.newPassword);
      assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
      const response = await post<AuthenticateResponse>(
        '/passwords/existing_password/reset',
        {
          email: options.email,
          existing_password: options.existingPassword,
          new_password: options.newPassword,
          session_duration_minutes: options.sessionDurationMinutes,
        },
        'Failed to reset password.',
      );
      return completeSignIn(ctx, response);
    },

    async resetBySession(options) {
      assertOptionalObject('options', options);
      assertString('password', options?.password);
      assertOptionalNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
      const response = await post<AuthenticateResponse>(
        '/passwords/session/reset',
        { password: options.password, session_duration_minutes: options.sessionDurationMinutes },
        'Failed to reset by session.',
      );
      // State from `user` like every password call; the caller gets the raw response (endpoints.md).
      completeSignIn(ctx, response);
      return response;
    },
  };
}
