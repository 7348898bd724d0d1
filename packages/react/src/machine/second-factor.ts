/**
 * @module machine/second-factor — tells a finished sign-in from one that waits for its second
 * factor (`docs/contracts.md`, multi-factor policy), for every sign-in the widget makes.
 */
import type { AuthenticateData, Screen, ScreenOf } from './screen.js';
import type { MachineState } from './state.js';

/** The fields of a sign-in result that say a second factor is due, and where it can go. */
interface PendingSignIn {
  session_token?: string;
  intermediate_session_token?: string;
  mfa_required?: { totp?: boolean; sms?: boolean; enrol?: boolean };
  user?: { phone_numbers?: ReadonlyArray<{ phone_number: string; verified: boolean }> };
}

/**
 * MFAAuthenticate for a `result` that holds only an intermediate session token (a non-empty
 * `intermediate_session_token` and an empty `session_token`), else null. It asks for the
 * authenticator app's code, unless the user can only receive a text.
 */
export function secondFactorStepOf(result: AuthenticateData): ScreenOf<'MFAAuthenticate'> | null {
  const pending = (result ?? {}) as PendingSignIn;
  if (!pending.intermediate_session_token || pending.session_token) return null;
  const offered = pending.mfa_required;
  const mfa = { totp: !!offered?.totp, sms: !!offered?.sms, enrol: !!offered?.enrol };
  // The provider texts only the user's verified number, and wants it named in the send.
  const phone = mfa.sms ? pending.user?.phone_numbers?.find((number) => number.verified)?.phone_number : '';
  if (!phone) return { name: 'MFAAuthenticate', mfa, mode: 'totp' };
  return { name: 'MFAAuthenticate', mfa, phone, mode: mfa.totp || mfa.enrol ? 'totp' : 'sms' };
}

/**
 * `state` after a sign-in call succeeded: its `confirmation`, or MFAAuthenticate when a second
 * factor is due. That step starts busy when an authenticator app must be set up first, since its
 * screen effect makes one at once.
 */
export function afterSignIn(
  state: MachineState,
  result: AuthenticateData,
  confirmation: Screen,
): MachineState {
  const step = secondFactorStepOf(result);
  return { ...state, screen: step ?? confirmation, busy: !!step?.mfa.enrol, error: null };
}
