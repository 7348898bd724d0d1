/** @module machine/password-effects — the password-first calls: search, create, log in, resets (spec §4). */
import { sessionDurationOf } from '../config.js';
import { rememberLinkEmail } from '../internal/link-email-memory.js';
import { passwordlessMethodOf, resetStartOptionsOf } from '../password-config.js';
import { isDeadLink, linkExpired } from './dead-link.js';
import { type EffectContext, emit, fail, log } from './effect-context.js';
import type { Event } from './event.js';
import { sendMagicLink } from './magic-link-effects.js';
import { submitOtp } from './otp-effects.js';
import type { PasswordEmailScreenName, Screen } from './screen.js';
import type { MachineState } from './state.js';

/** The email the current screen is about ('' on screens that have none). */
function emailOf(screen: Screen): string {
  if ('email' in screen && typeof screen.email === 'string') return screen.email;
  if (screen.name === 'OTPAuthenticate') return screen.otpState.recipient;
  return '';
}

const isApiError = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

/** Emails a reset link (which also carries a login link) and tells the host. */
async function sendResetEmail(email: string, ctx: EffectContext): Promise<void> {
  const data = await ctx.client.passwords.resetByEmailStart(resetStartOptionsOf(ctx.config, email));
  emit(ctx, 'PASSWORD_RESET_BY_EMAIL_START', data);
  log(ctx, 'email_sent', { email, type: 'reset_password' });
  // Its links may come back dead; the address lets the widget offer a new one (issue 17).
  rememberLinkEmail(email, ctx.clock.now());
}

/** Sends the reset email, then shows `next`; a failed send stays on the screen with its error. */
export async function resetEmailTo(
  next: PasswordEmailScreenName,
  email: string,
  ctx: EffectContext,
): Promise<Event> {
  try {
    await sendResetEmail(email, ctx);
    return { type: 'RESET_EMAIL_SENT', email, next };
  } catch (error) {
    return fail(ctx, error);
  }
}

/** Main with `passwords`: which password screen the address needs (`wire/ui-widget.md`). */
export async function searchUser(email: string, ctx: EffectContext): Promise<Event> {
  try {
    const { userType } = await ctx.client.users.search(email);
    return { type: 'USER_SEARCHED', email, userType };
  } catch (error) {
    return fail(ctx, error);
  }
}

/**
 * A sign-in without a password for `email`: an email code or a magic link, whichever is
 * configured, or else the reset email (spec §2 passwordless mode). `offerPassword` keeps
 * 'Create a password instead' on the screen that follows.
 */
export async function sendPasswordlessLogin(
  email: string,
  offerPassword: boolean,
  ctx: EffectContext,
): Promise<Event> {
  const method = passwordlessMethodOf(ctx.config);
  if (method === 'otp') {
    const event = await submitOtp({ channel: 'email', recipient: email, destination: email }, ctx);
    return event.type === 'OTP_SENT' && offerPassword ? { ...event, offerPassword } : event;
  }
  if (method === 'magicLink') return magicLinkTo(email, offerPassword, ctx);
  return resetEmailTo('PasswordSetNew', email, ctx);
}

/** Sends a magic link, then EmailConfirmation. */
export async function magicLinkTo(email: string, offerPassword: boolean, ctx: EffectContext): Promise<Event> {
  try {
    await sendMagicLink(email, ctx);
    return offerPassword
      ? { type: 'MAGIC_LINK_SENT', email, offerPassword }
      : { type: 'MAGIC_LINK_SENT', email };
  } catch (error) {
    return fail(ctx, error);
  }
}

/**
 * `reset_password` after a login: the stored password must go (spec §4). The reset email goes
 * out either way; the strength check tells a breached password (PasswordBreached) from the
 * provider's other reasons, such as an address another method verified (PasswordDedupe).
 */
async function afterResetRequired(
  email: string,
  password: string | null,
  ctx: EffectContext,
): Promise<Event> {
  const breached =
    password === null
      ? Promise.resolve(false)
      : ctx.client.passwords.strengthCheck({ email, password }).then(
          (result) => result.breached_password,
          () => false,
        );
  const [sent, isBreached] = await Promise.all([resetEmailTo('PasswordDedupe', email, ctx), breached]);
  if (sent.type !== 'RESET_EMAIL_SENT') return sent;
  return isBreached ? { ...sent, next: 'PasswordBreached' } : sent;
}

/** PASSWORD_SUBMITTED: create, log in, or set the new password of a reset link. */
export async function submitPassword(
  state: MachineState,
  password: string,
  ctx: EffectContext,
): Promise<Event> {
  const { screen } = state;
  const sessionDurationMinutes = sessionDurationOf(ctx.config);
  try {
    if (screen.name === 'PasswordResetForm') {
      let result: unknown;
      try {
        result = await ctx.client.passwords.resetByEmail({
          token: screen.token ?? '',
          password,
          sessionDurationMinutes,
        });
      } catch (error) {
        // Used meanwhile (another tab) or expired while typing: say so, not "try again" (issue 17).
        if (isDeadLink('reset', error)) return linkExpired('reset', screen.email ?? null, error, ctx);
        throw error;
      }
      emit(ctx, 'PASSWORD_RESET_BY_EMAIL', result);
      log(ctx, 'ui_authentication_success', { method: 'password_reset' });
      return { type: 'AUTHENTICATED', result };
    }
    const email = emailOf(screen);
    const isNew = screen.name === 'PasswordCreateOrLogin' && screen.type === 'new';
    const options = { email, password, sessionDurationMinutes };
    try {
      const result = isNew
        ? await ctx.client.passwords.create(options)
        : await ctx.client.passwords.authenticate(options);
      emit(ctx, isNew ? 'PASSWORD_CREATE' : 'PASSWORD_AUTHENTICATE', result);
      log(ctx, 'ui_authentication_success', { method: 'password' });
      return { type: 'AUTHENTICATED', result };
    } catch (error) {
      if (!isApiError(error, 'reset_password')) throw error;
      return afterResetRequired(email, isNew ? null : password, ctx);
    }
  } catch (error) {
    const failed = fail(ctx, error);
    return failed.type === 'REQUEST_FAILED'
      ? { ...failed, error: { ...failed.error, field: 'password' } }
      : failed;
  }
}

/** EMAIL_LOGIN_REQUESTED: 'Email me a login link/code' or 'Login without a password'. */
export async function requestEmailLogin(state: MachineState, ctx: EffectContext): Promise<Event> {
  const { screen } = state;
  if (screen.name === 'PasswordResetForm') {
    // The reset link's owner may skip the new password: the reset token signs in at the reset's
    // own endpoint (a reset token is no magic link, so /magic_links/authenticate refuses it).
    try {
      const result = await ctx.client.passwords.resetByEmailLogin({
        token: screen.token ?? '',
        sessionDurationMinutes: sessionDurationOf(ctx.config),
      });
      log(ctx, 'ui_authentication_success', { method: 'magic_link' });
      return { type: 'AUTHENTICATED', result };
    } catch (error) {
      if (isDeadLink('reset', error)) return linkExpired('reset', screen.email ?? null, error, ctx);
      return fail(ctx, error);
    }
  }
  // Spec §2 Forgot: 'Login without a password' is a magic link (offered only when they are on).
  if (screen.name === 'PasswordForgot') return magicLinkTo(screen.email, false, ctx);
  const offerPassword = screen.name === 'PasswordCreateOrLogin' && screen.type === 'passwordless';
  return sendPasswordlessLogin(emailOf(screen), offerPassword, ctx);
}

/** FORGOT_PASSWORD_REQUESTED: the reset email, then PasswordForgot. */
export const requestForgotPassword = (state: MachineState, ctx: EffectContext): Promise<Event> =>
  resetEmailTo('PasswordForgot', emailOf(state.screen), ctx);

/** CREATE_PASSWORD_REQUESTED: the reset email (it sets the first password), then PasswordSetNew. */
export const requestCreatePassword = (state: MachineState, ctx: EffectContext): Promise<Event> =>
  resetEmailTo('PasswordSetNew', emailOf(state.screen), ctx);

/** RESEND_REQUESTED on a password email screen: the same reset email again. */
export async function resendResetEmail(state: MachineState, ctx: EffectContext): Promise<Event> {
  const email = emailOf(state.screen);
  log(ctx, 'email_try_again_clicked', { email, type: 'reset_password' });
  try {
    await sendResetEmail(email, ctx);
    return { type: 'RESEND_SUCCEEDED' };
  } catch (error) {
    return fail(ctx, error);
  }
}
