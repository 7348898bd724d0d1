/**
 * @module strings/en-mfa — the English texts of the multi-factor step (MFAAuthenticate, issue 9).
 * A table of its own so that the script-tag build carries it in latchkey-mfa.js, not in the widget
 * bundle; hosts override its keys through `strings` like any other.
 */
import type { NoUnknownErrorKeys, UnknownErrorKeys } from './error-string-key.js';

/** The English texts of MFAAuthenticate; `{name}` marks an interpolated value. */
export const enMfa = {
  'mfa.title': 'Enter your verification code',
  'mfa.totpText': 'Enter the 6-digit code from your authenticator app.',
  'mfa.codeLabel': 'Verification code',
  'mfa.verifying': 'Verifying code...',
  'mfa.useRecoveryCode': 'Use a recovery code',
  'mfa.useAuthenticatorApp': 'Use your authenticator app',
  'mfa.recoveryText': 'Enter one of the recovery codes you saved when you set up your authenticator app.',
  'mfa.recoveryLabel': 'Recovery code',
  'mfa.recoveryPlaceholder': 'xxxx-xxxx-xxxx',
  'mfa.textCode': 'Text a code to {phone}',
  'mfa.smsText': 'We can text a 6-digit code to {phone}.',
  'mfa.smsSentTo': 'A 6-digit code was sent to {phone}.',
  'mfa.resend': 'Resend code',
  'mfa.enrolTitle': 'Set up an authenticator app',
  'mfa.enrolText':
    'Your account needs an authenticator app before you can log in. Scan the QR code with the app, or enter the key by hand, then enter the 6-digit code it shows.',
  'mfa.settingUp': 'Setting up your authenticator app...',
  'mfa.tryAgain': 'Try again',
  'mfa.qrAlt': 'QR code to scan with your authenticator app',
  'mfa.keyLabel': 'Key',
  'mfa.recoveryCodesTitle': 'Recovery codes',
  'mfa.recoveryCodesText':
    'Save these codes somewhere safe. Each one lets you log in once if you lose your authenticator app.',
  'mfa.copyCodes': 'Copy codes',
  'mfa.copied': 'Recovery codes copied',
  'errors.invalid_totp_code': 'Invalid code, please try again.',
  'errors.invalid_recovery_code': 'Invalid code, please try again.',
} as const;

/** A key of the multi-factor table. */
export type MfaStringKey = keyof typeof enMfa;

/** `true`; an `errors.*` key above that names no known code makes this fail `tsc -b`. */
export type EnMfaErrorKeysAreCodes = NoUnknownErrorKeys<UnknownErrorKeys<typeof enMfa>>;
