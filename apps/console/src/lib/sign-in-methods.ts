/**
 * @module sign-in-methods — what the console calls each sign-in method (a session factor's `type`:
 * `otp`, `magic_link`, …), wherever it shows one: the activity charts, a user's sessions, the audit
 * log. One table keyed by the wire's SignInMethod union, so a method added there must be named here.
 */
import type { SignInMethod } from '@latchkey/wire';

const SIGN_IN_METHOD_LABELS = {
  password: 'Password',
  magic_link: 'Magic link',
  otp: 'One-time code',
  webauthn: 'Passkey',
  oauth: 'OAuth',
  totp: 'Authenticator app',
  recovery_codes: 'Recovery code',
  crypto: 'Crypto wallet',
} as const satisfies Record<SignInMethod, string>;

function isSignInMethod(method: string): method is SignInMethod {
  return Object.hasOwn(SIGN_IN_METHOD_LABELS, method);
}

/** "One-time code" for `otp`; a value the console does not know (a newer provider's) in plain words. */
export function signInMethodLabel(method: string): string {
  return isSignInMethod(method) ? SIGN_IN_METHOD_LABELS[method] : method.replace(/_/g, ' ');
}
