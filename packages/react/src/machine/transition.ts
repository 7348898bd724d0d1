/** @module machine/transition — the pure (state, event) → state reducer; no I/O, no React. */
import { isEmailAddress } from '@latchkey/client';
import { cryptoTransition } from './crypto-transition.js';
import type { Event } from './event.js';
import { linkTransition } from './link-transition.js';
import { mfaTransition } from './mfa-transition.js';
import { oauthTransition } from './oauth-transition.js';
import { OTP_CODE } from './otp-code.js';
import { passkeyTransition } from './passkey-transition.js';
import { passwordTransition } from './password-transition.js';
import {
  PASSWORD_EMAIL_SCREENS,
  SCREENS_WITH_BACK,
  SCREENS_WITH_BACK_WHILE_BUSY,
  type Screen,
  type ScreenName,
} from './screen.js';
import { afterSignIn } from './second-factor.js';
import { type MachineState, withToast } from './state.js';

// E.164: '+', a country code that does not start with 0, at most 15 digits (ITU-T E.164 §6).
const E164 = /^\+[1-9]\d{6,14}$/;

/** The screens an AUTHENTICATED event ends, and the confirmation each shows after the sign-in. */
const CONFIRMATION_AFTER: Partial<
  Record<ScreenName, 'PasswordConfirmation' | 'OTPConfirmation' | 'MFAConfirmation'>
> = {
  PasswordResetForm: 'PasswordConfirmation',
  PasswordCreateOrLogin: 'PasswordConfirmation',
  OTPAuthenticate: 'OTPConfirmation',
  MFAAuthenticate: 'MFAConfirmation',
};

/** Where the back arrow leads: Main, keeping what the user typed and the tab they used. */
function backToMain(screen: Screen): Screen {
  if (screen.name === 'OTPAuthenticate') {
    const { type, recipient } = screen.otpState;
    return type === 'email'
      ? { name: 'Main', tab: type, email: recipient }
      : { name: 'Main', tab: type, phone: recipient };
  }
  return 'email' in screen && typeof screen.email === 'string'
    ? { name: 'Main', email: screen.email }
    : { name: 'Main' };
}

/**
 * The next state for `event`. An event the current state does not accept returns `state`
 * itself (same reference), which is how callers tell "ignored" from "handled".
 */
export function transition(state: MachineState, event: Event): MachineState {
  const { screen, busy } = state;
  switch (event.type) {
    case 'EMAIL_SUBMITTED': {
      if (screen.name !== 'Main' || busy) return state;
      const email = event.email.trim();
      // Spec §5 pattern, the same function the client checks arguments with.
      if (!isEmailAddress(email)) {
        return {
          ...state,
          screen: { ...screen, email },
          error: { code: 'invalid_email_format', field: 'email' },
        };
      }
      return { ...state, screen: { ...screen, email }, busy: true, error: null };
    }
    case 'MAIN_TAB_SELECTED':
      // A message about the other tab's form would be misleading here, so it goes.
      if (screen.name !== 'Main' || busy || screen.tab === event.tab) return state;
      return { ...state, screen: { ...screen, tab: event.tab }, error: null };
    case 'MAGIC_LINK_SENT': {
      const from = ['Main', 'PasswordCreateOrLogin', 'PasswordForgot', 'LinkExpired'];
      if (!from.includes(screen.name) || !busy) return state;
      const next: Screen = event.offerPassword
        ? { name: 'EmailConfirmation', email: event.email, offerPassword: true }
        : { name: 'EmailConfirmation', email: event.email };
      return { ...state, screen: next, busy: false, error: null };
    }
    case 'USER_SEARCHED':
    case 'PASSWORD_SUBMITTED':
    case 'EMAIL_LOGIN_REQUESTED':
    case 'FORGOT_PASSWORD_REQUESTED':
    case 'CREATE_PASSWORD_REQUESTED':
    case 'RESET_EMAIL_SENT':
      return passwordTransition(state, event);
    case 'OTP_SUBMITTED': {
      if (screen.name !== 'Main' || busy) return state;
      if (event.channel === 'email') {
        const email = event.recipient.trim();
        const next: Screen = { ...screen, email };
        if (!isEmailAddress(email)) {
          return { ...state, screen: next, error: { code: 'invalid_email_format', field: 'email' } };
        }
        return { ...state, screen: next, busy: true, error: null };
      }
      // The form parses the number; this only guards the shape that goes on the wire.
      if (!E164.test(event.recipient)) {
        return { ...state, error: { code: 'invalid_phone_number', field: 'phone' } };
      }
      return { ...state, busy: true, error: null };
    }
    case 'OTP_SENT': {
      if ((screen.name !== 'Main' && screen.name !== 'PasswordCreateOrLogin') || !busy) return state;
      const next: Screen = event.offerPassword
        ? { name: 'OTPAuthenticate', otpState: event.otpState, offerPassword: true }
        : { name: 'OTPAuthenticate', otpState: event.otpState };
      return { ...state, screen: next, busy: false, error: null };
    }
    case 'OTP_CODE_ENTERED':
      if (screen.name !== 'OTPAuthenticate' || busy || !OTP_CODE.test(event.code)) return state;
      return { ...state, busy: true, error: null };
    case 'RESEND_REQUESTED': {
      const canResend =
        screen.name === 'EmailConfirmation' ||
        screen.name === 'OTPAuthenticate' ||
        PASSWORD_EMAIL_SCREENS.has(screen.name);
      if (!canResend || busy) return state;
      return { ...state, busy: true, error: null };
    }
    case 'RESEND_SUCCEEDED':
      if ((screen.name !== 'EmailConfirmation' && !PASSWORD_EMAIL_SCREENS.has(screen.name)) || !busy)
        return state;
      return withToast(state, { kind: 'success', key: 'toast.emailResent' });
    case 'OTP_RESENT': {
      if (screen.name !== 'OTPAuthenticate' || !busy) return state;
      // Spec §4: a resend stores the new method id and restarts the countdown.
      const otpState = { ...screen.otpState, methodId: event.methodId, expiresAt: event.expiresAt };
      return withToast(
        { ...state, screen: { ...screen, otpState } },
        { kind: 'success', key: 'toast.codeResent' },
      );
    }
    case 'OTP_RESEND_FAILED':
      if (screen.name !== 'OTPAuthenticate' || !busy) return state;
      return withToast(state, { kind: 'error', error: event.error });
    case 'AUTHENTICATED': {
      const confirmation = busy ? CONFIRMATION_AFTER[screen.name] : undefined;
      return confirmation
        ? afterSignIn(state, event.result, { name: confirmation, result: event.result })
        : state;
    }
    case 'REQUEST_FAILED':
      if (!busy) return state;
      return { ...state, busy: false, error: event.error };
    case 'PASSKEY_LOGIN_REQUESTED':
    case 'PASSKEY_AUTHENTICATED':
    case 'PASSKEY_LOGIN_FAILED':
    case 'PASSKEY_CREATE_REQUESTED':
    case 'PASSKEY_REGISTERED':
    case 'PASSKEY_SKIPPED':
    case 'PASSKEYS_LOADED':
    case 'PASSKEY_RENAMED':
    case 'PASSKEY_DELETED':
    case 'PASSKEY_SETUP_ANOTHER_REQUESTED':
    case 'PASSKEY_DONE':
      return passkeyTransition(state, event);
    case 'OAUTH_START_REQUESTED':
    case 'OAUTH_START_FAILED':
    case 'OAUTH_PAGE_RESTORED':
      return oauthTransition(state, event);
    case 'CRYPTO_WALLET_SELECTED':
    case 'CRYPTO_OTHER_REQUESTED':
    case 'CRYPTO_SETUP_REQUESTED':
    case 'CRYPTO_WALLET_CONNECTED':
    case 'CRYPTO_CHALLENGE_RECEIVED':
    case 'CRYPTO_MESSAGE_SIGNED':
    case 'CRYPTO_AUTHENTICATED':
    case 'CRYPTO_FAILED':
      return cryptoTransition(state, event);
    case 'RESET_LINK_CHECKED':
    case 'LINK_EXPIRED':
    case 'NEW_LINK_REQUESTED':
    case 'SIGN_IN_RESTARTED':
      return linkTransition(state, event);
    case 'BACK':
      if (!SCREENS_WITH_BACK.has(screen.name)) return state;
      // Leaving a wallet pop-up unanswered abandons its attempt (crypto-transition.ts ignores it).
      if (busy && !SCREENS_WITH_BACK_WHILE_BUSY.has(screen.name)) return state;
      return { ...state, screen: backToMain(screen), busy: false, error: null };
    case 'TOAST_DISMISSED':
      if (state.toast?.id !== event.id) return state;
      return { ...state, toast: null };
    default:
      // The MFA_* events, as the type checker proves: an event added without a case fails here.
      return mfaTransition(state, event);
  }
}
