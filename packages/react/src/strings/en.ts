/**
 * @module strings/en — every user-visible string of the widget, in English, except those of the
 * screens that ship in chunks (en-screens.ts, en-mfa.ts, en-crypto.ts, en-passkey.ts travel with
 * their code); hosts override all of them alike.
 */
import { INVALID_PASSCODE_MESSAGE } from '@latchkey/wire/messages';
import type { CryptoStringKey } from './en-crypto.js';
import type { MfaStringKey } from './en-mfa.js';
import type { PasskeyStringKey } from './en-passkey.js';
import type { ScreensStringKey } from './en-screens.js';
import type { ErrorStringKey, NoUnknownErrorKeys, UnknownErrorKeys } from './error-string-key.js';

/**
 * The English table. Keys are flat and dotted; `{name}` marks an interpolated value. Error texts
 * are keyed `errors.<error_type>` by wire code: a code listed here replaces the server's message,
 * any other API error shows the server's `error_message` as is (`wire/README.md`).
 */
export const en = {
  // Frame and shared controls
  'widget.label': 'Sign in',
  'common.back': 'Back',
  'common.continue': 'Continue',
  'common.or': 'or',
  'common.opensInNewTab': '(opens in a new tab)',
  'common.logoAlt': '',
  'watermark.text': 'Powered by Latchkey',
  'floating.title': 'Sign-in unavailable',
  'floating.text': 'This sign-in form cannot be used on this page. Please contact the site owner.',
  'notAvailable.title': 'Not available yet',
  'notAvailable.text': 'This step of the sign-in form is not available yet.',
  'config.magicLinksWithEmailOtp':
    'Error: Email magic links and email one-time passcodes cannot be used together.',

  // Main (method chooser)
  'main.title': 'Sign up or log in',
  'main.emailLabel': 'Email',
  'main.emailPlaceholder': 'example@email.com',
  'main.continueWithEmail': 'Continue with email',
  'main.phoneLabel': 'Phone number',
  'main.countryLabel': 'Country',
  'main.countryOption': '{name} (+{callingCode})',
  'main.phoneUnavailable': 'Phone sign-in could not be loaded. Check your connection and try again.',
  'main.methodTabs': 'Sign-in method',
  'main.continueWithText': 'Continue with text message',
  'main.continueWithWhatsApp': 'Continue with WhatsApp',
  'main.tabEmail': 'Email',
  'main.tabText': 'Text',
  'main.tabWhatsApp': 'WhatsApp',
  'main.continueWithProvider': 'Continue with {provider}',
  'main.loginWithPasskey': 'Log in with a Passkey',
  // A provider sign-in that came back with an error (the page's `error` parameter, never its text).
  'oauth.returnFailed': 'That sign-in did not finish. Try again, or choose another way to sign in.',
  'oauth.unavailable': 'Sign-in with a provider could not be loaded. Check your connection and try again.',
  'oauth.returnUnavailable':
    'The sign-in provider is not answering right now. Try again in a moment, or choose another way to sign in.',

  // Toasts (spec §8)
  'toast.emailResent': 'Email resent',
  'toast.codeResent': 'Code resent',

  // The way back from an emailed link that no longer works (issue 17)
  'common.backToSignIn': 'Back to sign in',

  // Crypto wallets (spec §2, §8): the buttons' and screens' texts are in en-crypto.ts.
  'crypto.unavailable': 'Crypto wallet sign-in could not be loaded. Check your connection and try again.',

  // Multi-factor sign-in: the step's own texts are in en-mfa.ts.
  'mfa.unavailable': 'Verification could not be loaded. Check your connection and try again.',

  // The screens after Main, which the script-tag widget loads once it has painted.
  'screens.unavailable': 'This step could not be loaded. Check your connection and try again.',

  // Passkeys (spec §2, §6, §8): the registration screens' texts are in en-passkey.ts.
  'passkey.noUser': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'passkey.unavailable': 'Passkey setup could not be loaded. Check your connection and try again.',

  // Per-operation default messages (spec §8)
  'fallback.webauthnRegisterStart': 'Failed to start WebAuthn registration',
  'fallback.webauthnRegister': 'Failed to register WebAuthn device',
  'fallback.webauthnAuthenticateStart': 'Failed to start WebAuthn authentication',
  'fallback.webauthnAuthenticate': 'Failed to authenticate WebAuthn device',
  'fallback.webauthnUpdate': 'Failed to update WebAuthn Registration',
  'fallback.passwordCreate': 'Failed to create password.',
  'fallback.passwordAuthenticate': 'Failed to authenticate password.',
  'fallback.passwordResetStart': 'Failed to start password reset flow.',
  'fallback.passwordReset': 'Failed to reset password.',
  'fallback.passwordResetBySession': 'Failed to reset by session.',
  'fallback.passwordStrength': 'Failed to check password strength.',
  'fallback.bootstrap': 'Error fetching bootstrap data',
  'fallback.userSearch': 'Error searching for user/member',
  'fallback.oneTap': 'One Tap could not load: {reason}',
  'fallback.webauthnAutofill': 'Browser does not support WebAuthn autofill',

  // Errors by code: wire error_type or a client-side code
  'errors.generic': 'Something went wrong. Please try again.',
  'errors.invalid_email_format': 'Enter a valid email address.',
  'errors.network_unreachable': "We couldn't reach the server. Check your connection and try again.",
  'errors.timeout': 'The server took too long to answer. Check your connection and try again.',
  'errors.schema_mismatch': 'The request could not be processed. Please try again.',
  // The widget passes only the host's configuration as arguments, so this is a setup problem.
  'errors.invalid_argument':
    'This way to sign in is not set up correctly. Use another one, or contact the site owner.',
  'errors.captcha_required': 'Please complete the security check and try again.',
  'errors.invalid_phone_number': 'Enter a valid phone number.',
  'errors.password_required': 'Enter a password.',
  'errors.reset_token_missing':
    'This password reset link is incomplete. Open the link from your email again, or ask for a new one.',
  'errors.login_token_missing':
    'This login link is incomplete. Open the link from your email again, or ask for a new one.',
  'errors.otp_code_not_found': INVALID_PASSCODE_MESSAGE as string,
  'errors.unable_to_auth_otp_code': INVALID_PASSCODE_MESSAGE as string,
  'errors.webauthn_registration_not_found':
    'This Passkey is not registered for your account. Try another way to log in.',
  // Passkey sign-in; registration words its failures with passkey.alreadyRegistered / notCreated.
  'errors.webauthn_not_allowed': 'Passkey sign-in was cancelled. Try again or use another way to log in.',
  'errors.webauthn_unsupported': 'Passkeys cannot be used in this browser. Use another way to log in.',
  'errors.webauthn_ceremony_failed':
    'Your Passkey could not be used. Try again or use another way to log in.',
  // OAuth sign-ins that came back with an error (oauth/oauth-return-error.ts).
  'errors.oauth_user_cancelled': 'Sign-in was cancelled. Try again, or choose another way to sign in.',
  'errors.oauth_config_not_found':
    'That sign-in option is not set up for this site yet. Choose another way to sign in.',
  'errors.oauth_state_mismatch':
    'That sign-in could not be checked: it took too long, or it started in another browser. Please try again.',
  'errors.oauth_token_invalid': "The sign-in provider's answer could not be verified. Please try again.",
  'errors.oauth_account_conflict':
    'An account with this email address already exists. Sign in the way you did before.',
} as const;

/** A key of the strings table, or of the later screens' (en-screens.ts), which the widget's `t` also reads. */
export type StringKey = keyof typeof en | ScreensStringKey;

/** `true`; a misspelt or unknown `errors.*` key above makes this fail `tsc -b` with the key's name. */
export type EnErrorKeysAreCodes = NoUnknownErrorKeys<UnknownErrorKeys<typeof en>>;

/** The complete strings table, as the widget uses it after merging host overrides. */
export type Strings = { readonly [K in StringKey]: string };

/**
 * What a host may pass as `strings`: any subset of the table and of the chunks' tables (en-mfa.ts,
 * en-crypto.ts, en-passkey.ts), plus texts for further error codes (`errors.<error_type>`), for example to
 * translate a server message.
 */
export type StringOverrides = Partial<Strings> & {
  readonly [K in MfaStringKey | CryptoStringKey | PasskeyStringKey]?: string;
} & { readonly [code in ErrorStringKey]?: string | undefined };
