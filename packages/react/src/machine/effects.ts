/** @module machine/effects — the side effects of the machine: client calls, host callbacks, telemetry. */
import { hasPasswords } from '../password-config.js';
import { cryptoStep, reportCryptoFailure } from './crypto-effects.js';
import { type EffectContext, emit, fail, log } from './effect-context.js';
import type { Event, EventOf, EventType } from './event.js';
import { authenticateLoginLink, checkResetLink, sendNewLink } from './link-effects.js';
import { sendMagicLink } from './magic-link-effects.js';
import { mfaCommand } from './mfa-effects.js';
import { startOAuth } from './oauth-effects.js';
import { authenticateOtp, resendOtp, submitOtp } from './otp-effects.js';
import {
  deletePasskey,
  loadPasskeys,
  registerPasskey,
  renamePasskey,
  requestPasskeyLogin,
} from './passkey-effects.js';
import {
  requestCreatePassword,
  requestEmailLogin,
  requestForgotPassword,
  resendResetEmail,
  searchUser,
  sendPasswordlessLogin,
  submitPassword,
} from './password-effects.js';
import { PASSWORD_EMAIL_SCREENS, type ScreenName, type ScreenOf } from './screen.js';
import type { MachineState } from './state.js';

/** The three ways to mount the widget. */
export type WidgetMode = 'login' | 'resetPassword' | 'passkeyRegistration';

export type { EffectContext } from './effect-context.js';

/**
 * Work started by an accepted event; resolves to the event that reports its outcome, or to
 * undefined when the outcome is the page leaving (an OAuth start), so the machine stays busy.
 */
export type CommandEffect<T extends EventType> = (
  state: MachineState,
  event: EventOf<T>,
  ctx: EffectContext,
) => Promise<Event | undefined>;

/**
 * Work started by an accepted event that leaves the machine idle: host notifications and calls
 * the screen does not wait for (the optimistic passkey edits). It may report back with an event.
 */
export type EventEffect<T extends EventType> = (
  state: MachineState,
  event: EventOf<T>,
  ctx: EffectContext,
) => Promise<Event | undefined> | undefined;

/** Work that runs when a screen is entered, without user input (hanko's auto-steps). */
export type ScreenEffect<N extends ScreenName> = (
  screen: ScreenOf<N>,
  ctx: EffectContext,
) => Promise<Event> | undefined;

/** Effects of events, run when the event makes the machine busy (and only then). */
export const commandEffects: { readonly [T in EventType]?: CommandEffect<T> } = {
  EMAIL_SUBMITTED: async (state, _event, ctx) => {
    const email = state.screen.name === 'Main' ? (state.screen.email ?? '') : '';
    if (hasPasswords(ctx.config)) return searchUser(email, ctx);
    try {
      await sendMagicLink(email, ctx);
      return { type: 'MAGIC_LINK_SENT', email };
    } catch (error) {
      return fail(ctx, error);
    }
  },
  OTP_SUBMITTED: (_state, event, ctx) => submitOtp(event, ctx),
  OTP_CODE_ENTERED: (state, event, ctx) => authenticateOtp(state, event.code, ctx),
  RESEND_REQUESTED: async (state, _event, ctx) => {
    if (state.screen.name === 'OTPAuthenticate') return resendOtp(state, ctx);
    if (PASSWORD_EMAIL_SCREENS.has(state.screen.name)) return resendResetEmail(state, ctx);
    const email = state.screen.name === 'EmailConfirmation' ? state.screen.email : '';
    log(ctx, 'email_try_again_clicked', { email, type: 'login_or_create_eml' });
    try {
      await sendMagicLink(email, ctx);
      return { type: 'RESEND_SUCCEEDED' };
    } catch (error) {
      return fail(ctx, error);
    }
  },
  PASSWORD_SUBMITTED: (state, event, ctx) => submitPassword(state, event.password, ctx),
  EMAIL_LOGIN_REQUESTED: (state, _event, ctx) => requestEmailLogin(state, ctx),
  FORGOT_PASSWORD_REQUESTED: (state, _event, ctx) => requestForgotPassword(state, ctx),
  CREATE_PASSWORD_REQUESTED: (state, _event, ctx) => requestCreatePassword(state, ctx),
  PASSKEY_LOGIN_REQUESTED: (_state, _event, ctx) => requestPasskeyLogin(ctx),
  PASSKEY_CREATE_REQUESTED: (_state, _event, ctx) => registerPasskey(ctx),
  OAUTH_START_REQUESTED: (_state, event, ctx) => startOAuth(event, ctx),
  CRYPTO_WALLET_SELECTED: (_state, event) =>
    cryptoStep(event.attempt, (steps) => steps.connectCryptoWallet(event)),
  MFA_CODE_ENTERED: mfaCommand,
  MFA_RECOVERY_CODE_SUBMITTED: mfaCommand,
  MFA_SMS_REQUESTED: mfaCommand,
  MFA_ENROLMENT_REQUESTED: mfaCommand,
  NEW_LINK_REQUESTED: ({ screen }, event, ctx) =>
    screen.name === 'LinkExpired'
      ? sendNewLink(screen, event.email, ctx)
      : Promise.resolve({ type: 'REQUEST_FAILED', error: { code: 'generic' } }),
};

// PASSKEY_SKIP and PASSKEY_DONE have no call behind them: `data` is an empty object, never undefined.
const emitOnly =
  (type: string) =>
  (_state: MachineState, _event: Event, ctx: EffectContext): undefined => {
    emit(ctx, type, {});
    return undefined;
  };

/** Effects of accepted events that do not make the machine busy. */
export const eventEffects: { readonly [T in EventType]?: EventEffect<T> } = {
  PASSKEY_SKIPPED: emitOnly('PASSKEY_SKIP'),
  PASSKEY_DONE: emitOnly('PASSKEY_DONE'),
  PASSKEY_RENAMED: (_state, event, ctx) => renamePasskey(event, ctx),
  PASSKEY_DELETED: (_state, event, ctx) => deletePasskey(event, ctx),
  // The crypto steps after the first: each runs only for the attempt the machine still waits on.
  CRYPTO_WALLET_CONNECTED: ({ screen }, event, ctx) =>
    screen.name === 'CryptoConnect'
      ? cryptoStep(event.attempt, (steps) => steps.startCryptoChallenge(screen, event, ctx))
      : undefined,
  CRYPTO_MESSAGE_SIGNED: ({ screen }, event, ctx) =>
    screen.name === 'CryptoSignMessage'
      ? cryptoStep(event.attempt, (steps) => steps.authenticateCryptoWallet(screen, event, ctx))
      : undefined,
  CRYPTO_FAILED: (_state, event, ctx) => reportCryptoFailure(event, ctx),
};

const flowComplete = (screen: { result: unknown }, ctx: EffectContext): undefined => {
  emit(ctx, 'AUTHENTICATE_FLOW_COMPLETE', screen.result);
  return undefined;
};

/** Effects of entering a screen. */
export const screenEffects: { readonly [N in ScreenName]?: ScreenEffect<N> } = {
  // Spec §2 reset form: a `stytch_token_type=login` link authenticates its magic-link token at
  // once; a reset link is checked first, so a dead one is said to be dead before anything is typed.
  PasswordResetForm: (screen, ctx) => {
    if (!screen.token) return undefined;
    if (screen.tokenType === 'login') return authenticateLoginLink(screen.token, ctx);
    return screen.checking ? checkResetLink(screen.token, ctx) : undefined;
  },
  // Spec §2 passwordless mode: a link or code goes out without asking.
  PasswordCreateOrLogin: (screen, ctx) =>
    screen.type === 'passwordless' ? sendPasswordlessLogin(screen.email, true, ctx) : undefined,
  PasswordConfirmation: flowComplete,
  OTPConfirmation: flowComplete,
  CryptoConfirmation: flowComplete,
  PasskeyConfirmation: flowComplete,
  MFAConfirmation: flowComplete,
  // A user with no second factor sets up an authenticator app first (contracts.md: POST /totps with the IST).
  MFAAuthenticate: (screen, ctx) =>
    screen.mfa.enrol ? mfaCommand({ screen }, { type: 'MFA_ENROLMENT_REQUESTED' }, ctx) : undefined,
  // Spec §4: the challenge is signed as soon as it arrives.
  CryptoSignMessage: (screen) => cryptoStep(screen.attempt, (steps) => steps.signCryptoChallenge(screen)),
  // Spec §2 passkey success: the list of the user's passkeys, fetched on every visit (unless the
  // opening check just brought it).
  PasskeyRegistrationSuccess: (screen, ctx) =>
    screen.registrations === null ? loadPasskeys(ctx) : undefined,
  // Opened on Start from the user the client holds: ask the provider whether there are passkeys after all.
  PasskeyRegistrationStart: (screen, ctx) => (screen.opened ? loadPasskeys(ctx) : undefined),
};

/** Effects of mounting the widget in a mode, run once per mount. */
export const mountEffects: { readonly [M in WidgetMode]: (ctx: EffectContext) => void } = {
  login: (ctx) => log(ctx, 'render_login_screen', { options: ctx.config }),
  resetPassword: () => {},
  passkeyRegistration: () => {},
};
