/** @module machine/event — what can happen to the widget: user actions and server outcomes. */

import type { OAuthProviderType } from '@latchkey/client';
import type { WidgetWebAuthnRegistration } from '../widget-client.js';
import type {
  AuthenticateData,
  CryptoAttempt,
  ExpiredLinkKind,
  MainTab,
  MfaMode,
  OtpChannel,
  OtpState,
  PasswordEmailScreenName,
  PasswordStateType,
  TotpEnrolment,
} from './screen.js';
import type { ScreenError } from './state.js';

/** One event for `transition`. */
export type Event =
  /** The user submitted the email form on Main. */
  | { type: 'EMAIL_SUBMITTED'; email: string }
  /** The user picked another tab of Main. */
  | { type: 'MAIN_TAB_SELECTED'; tab: MainTab }
  /** The magic link was sent; `offerPassword` when it went out instead of a password (passwordless). */
  | { type: 'MAGIC_LINK_SENT'; email: string; offerPassword?: boolean }
  /** `POST /users/search` answered for the email submitted on Main (password-first flow). */
  | { type: 'USER_SEARCHED'; email: string; userType: PasswordStateType }
  /** A password was submitted: create, log in, or set the new one on the reset form. */
  | { type: 'PASSWORD_SUBMITTED'; password: string }
  /** 'Email me a login link/code', or 'Login without a password'. */
  | { type: 'EMAIL_LOGIN_REQUESTED' }
  /** 'Forgot Password?' on the login form. */
  | { type: 'FORGOT_PASSWORD_REQUESTED' }
  /** 'Create a password instead' (passwordless users). */
  | { type: 'CREATE_PASSWORD_REQUESTED' }
  /** A password reset email went out; `next` is the screen that says so. */
  | { type: 'RESET_EMAIL_SENT'; email: string; next: PasswordEmailScreenName }
  /**
   * The user asked for a one-time passcode on Main. `recipient` is the email, or for a phone
   * channel the E.164 number ('' when the typed number did not parse); `destination` is how the
   * screen names it.
   */
  | { type: 'OTP_SUBMITTED'; channel: OtpChannel; recipient: string; destination: string }
  /** The passcode was sent; the widget now asks for it. */
  | { type: 'OTP_SENT'; otpState: OtpState; offerPassword?: boolean }
  /** Six digits were entered on OTPAuthenticate. */
  | { type: 'OTP_CODE_ENTERED'; code: string }
  /** The user asked to resend (the email on EmailConfirmation, the code on OTPAuthenticate). */
  | { type: 'RESEND_REQUESTED' }
  /** The magic-link resend call succeeded. */
  | { type: 'RESEND_SUCCEEDED' }
  /** A new passcode was sent: it has a new method id and a new expiry. */
  | { type: 'OTP_RESENT'; methodId: string; expiresAt: number }
  /** Resending the passcode failed; shown as an error toast (spec §8), the code entry stays. */
  | { type: 'OTP_RESEND_FAILED'; error: ScreenError }
  /** A sign-in call succeeded with a session. */
  | { type: 'AUTHENTICATED'; result: AuthenticateData }
  /** The call in flight failed. */
  | { type: 'REQUEST_FAILED'; error: ScreenError }
  /** 'Log in with a Passkey' on Main. */
  | { type: 'PASSKEY_LOGIN_REQUESTED' }
  /** A passkey sign-in succeeded, from the button or from the email field's autofill. */
  | { type: 'PASSKEY_AUTHENTICATED'; result: AuthenticateData }
  /** A passkey sign-in ended without a session; `error` null when there is nothing to say (aborted). */
  | { type: 'PASSKEY_LOGIN_FAILED'; error: ScreenError | null }
  /** 'Create a Passkey' on PasskeyRegistrationStart. */
  | { type: 'PASSKEY_CREATE_REQUESTED' }
  /** The new passkey was registered. */
  | { type: 'PASSKEY_REGISTERED'; result: AuthenticateData }
  /** 'Skip' on PasskeyRegistrationStart. */
  | { type: 'PASSKEY_SKIPPED' }
  /** The user's passkeys were fetched for PasskeyRegistrationSuccess. */
  | { type: 'PASSKEYS_LOADED'; registrations: readonly WidgetWebAuthnRegistration[] }
  /** A passkey was renamed in the list (applied at once; the call follows). */
  | { type: 'PASSKEY_RENAMED'; webauthnRegistrationId: string; name: string }
  /** A passkey's deletion was confirmed (applied at once; the call follows). */
  | { type: 'PASSKEY_DELETED'; webauthnRegistrationId: string }
  /** 'Set up another Passkey'. */
  | { type: 'PASSKEY_SETUP_ANOTHER_REQUESTED' }
  /** 'Done' on PasskeyRegistrationSuccess. */
  | { type: 'PASSKEY_DONE' }
  /** 'Continue with {provider}' on Main. */
  | { type: 'OAUTH_START_REQUESTED'; provider: OAuthProviderType }
  /** The OAuth start refused to leave the page (e.g. a bad redirect URL in the config). */
  | { type: 'OAUTH_START_FAILED'; error: ScreenError }
  /** The page came back from the back-forward cache while an OAuth start was under way. */
  | { type: 'OAUTH_PAGE_RESTORED' }
  /** 'Continue with {wallet}' on Main or CryptoOtherScreen; `attempt` is new for every press. */
  | ({ type: 'CRYPTO_WALLET_SELECTED' } & CryptoAttempt)
  /** 'Continue with other wallet' on Main. */
  | { type: 'CRYPTO_OTHER_REQUESTED' }
  /** 'Continue with a crypto wallet' (no wallet found) or 'Set up a new crypto wallet'. */
  | { type: 'CRYPTO_SETUP_REQUESTED' }
  /** The wallet gave its account; `chainId` is an Ethereum wallet's chain (null when unknown). */
  | { type: 'CRYPTO_WALLET_CONNECTED'; attempt: number; walletAddress: string; chainId: number | null }
  /** `authenticateStart` answered with the message the wallet must sign. */
  | { type: 'CRYPTO_CHALLENGE_RECEIVED'; attempt: number; walletAddress: string; walletChallenge: string }
  /** The wallet signed the challenge. */
  | { type: 'CRYPTO_MESSAGE_SIGNED'; attempt: number; signature: string }
  /** `cryptoWallets.authenticate` signed the user in. */
  | { type: 'CRYPTO_AUTHENTICATED'; attempt: number; result: AuthenticateData }
  /**
   * The wallet refused or failed, or a call failed. `cause` is what was thrown; the host hears of
   * it only when the event is accepted, so an abandoned attempt's failure stays silent.
   */
  | { type: 'CRYPTO_FAILED'; attempt: number; error: ScreenError; cause: unknown }
  /** 'Use a recovery code', or back to 'Use your authenticator app', on MFAAuthenticate. */
  | { type: 'MFA_MODE_SELECTED'; mode: Exclude<MfaMode, 'sms'> }
  /** 'Text a code to {phone}' on MFAAuthenticate, or its resend. */
  | { type: 'MFA_SMS_REQUESTED' }
  /** The second-factor code was texted. */
  | { type: 'MFA_SMS_SENT'; methodId: string }
  /** Six digits were entered on MFAAuthenticate: the authenticator app's code or the texted one. */
  | { type: 'MFA_CODE_ENTERED'; code: string }
  /** A recovery code was submitted on MFAAuthenticate. */
  | { type: 'MFA_RECOVERY_CODE_SUBMITTED'; code: string }
  /** 'Try again' after setting up the authenticator app failed (`mfa.enrol`). */
  | { type: 'MFA_ENROLMENT_REQUESTED' }
  /** `totps.create` answered: the new authenticator app to scan and confirm. */
  | { type: 'MFA_ENROLMENT_STARTED'; enrolment: TotpEnrolment }
  /** The reset link's check answered: its address, or null when the check could not tell (the form works without). */
  | { type: 'RESET_LINK_CHECKED'; email: string | null }
  /** The emailed link turned out used or expired; `email` is where a new one can go, when known. */
  | { type: 'LINK_EXPIRED'; link: ExpiredLinkKind; email: string | null }
  /** 'Send a new link' on LinkExpired, to `email`. */
  | { type: 'NEW_LINK_REQUESTED'; email: string }
  /** 'Back to sign in' after a link failed. */
  | { type: 'SIGN_IN_RESTARTED' }
  /** The back arrow. */
  | { type: 'BACK' }
  /** A toast finished its exit animation. */
  | { type: 'TOAST_DISMISSED'; id: number };

/** The `type` of an event. */
export type EventType = Event['type'];

/** The event member of type `T`. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

const types: Record<EventType, true> = {
  EMAIL_SUBMITTED: true,
  MAIN_TAB_SELECTED: true,
  MAGIC_LINK_SENT: true,
  USER_SEARCHED: true,
  PASSWORD_SUBMITTED: true,
  EMAIL_LOGIN_REQUESTED: true,
  FORGOT_PASSWORD_REQUESTED: true,
  CREATE_PASSWORD_REQUESTED: true,
  RESET_EMAIL_SENT: true,
  OTP_SUBMITTED: true,
  OTP_SENT: true,
  OTP_CODE_ENTERED: true,
  RESEND_REQUESTED: true,
  RESEND_SUCCEEDED: true,
  OTP_RESENT: true,
  OTP_RESEND_FAILED: true,
  AUTHENTICATED: true,
  REQUEST_FAILED: true,
  PASSKEY_LOGIN_REQUESTED: true,
  PASSKEY_AUTHENTICATED: true,
  PASSKEY_LOGIN_FAILED: true,
  PASSKEY_CREATE_REQUESTED: true,
  PASSKEY_REGISTERED: true,
  PASSKEY_SKIPPED: true,
  PASSKEYS_LOADED: true,
  PASSKEY_RENAMED: true,
  PASSKEY_DELETED: true,
  PASSKEY_SETUP_ANOTHER_REQUESTED: true,
  PASSKEY_DONE: true,
  OAUTH_START_REQUESTED: true,
  OAUTH_START_FAILED: true,
  OAUTH_PAGE_RESTORED: true,
  CRYPTO_WALLET_SELECTED: true,
  CRYPTO_OTHER_REQUESTED: true,
  CRYPTO_SETUP_REQUESTED: true,
  CRYPTO_WALLET_CONNECTED: true,
  CRYPTO_CHALLENGE_RECEIVED: true,
  CRYPTO_MESSAGE_SIGNED: true,
  CRYPTO_AUTHENTICATED: true,
  CRYPTO_FAILED: true,
  MFA_MODE_SELECTED: true,
  MFA_SMS_REQUESTED: true,
  MFA_SMS_SENT: true,
  MFA_CODE_ENTERED: true,
  MFA_RECOVERY_CODE_SUBMITTED: true,
  MFA_ENROLMENT_REQUESTED: true,
  MFA_ENROLMENT_STARTED: true,
  RESET_LINK_CHECKED: true,
  LINK_EXPIRED: true,
  NEW_LINK_REQUESTED: true,
  SIGN_IN_RESTARTED: true,
  BACK: true,
  TOAST_DISMISSED: true,
};

/** Every event type. */
export const EVENT_TYPES: readonly EventType[] = Object.keys(types) as EventType[];
