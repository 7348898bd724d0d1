/** @module machine/mfa-transition — the second-factor part of the reducer: MFAAuthenticate (issue 9). */
import type { EventOf } from './event.js';
import { OTP_CODE } from './otp-code.js';
import type { ScreenOf } from './screen.js';
import { type MachineState, withToast } from './state.js';

/** The events this part handles. */
export type MfaEvent = EventOf<
  | 'MFA_MODE_SELECTED'
  | 'MFA_SMS_REQUESTED'
  | 'MFA_SMS_SENT'
  | 'MFA_CODE_ENTERED'
  | 'MFA_RECOVERY_CODE_SUBMITTED'
  | 'MFA_ENROLMENT_REQUESTED'
  | 'MFA_ENROLMENT_STARTED'
>;

type MfaScreen = ScreenOf<'MFAAuthenticate'>;

const start = (state: MachineState): MachineState => ({ ...state, busy: true, error: null });

/** True when six digits can be checked: the app's code (once a new app exists), or a texted one. */
function takesCode(screen: MfaScreen): boolean {
  if (screen.mode === 'sms') return screen.methodId !== undefined;
  return screen.mode === 'totp' && (!screen.mfa.enrol || screen.enrolment !== undefined);
}

/** The next state for a second-factor event; `state` itself when the event does not apply. */
export function mfaTransition(state: MachineState, event: MfaEvent): MachineState {
  const { screen, busy } = state;
  if (screen.name !== 'MFAAuthenticate') return state;
  switch (event.type) {
    case 'MFA_MODE_SELECTED':
      // Recovery codes belong to a verified authenticator app; a new one has none in use yet.
      if (busy || screen.mode === event.mode || !screen.mfa.totp) return state;
      return { ...state, screen: { ...screen, mode: event.mode }, error: null };
    case 'MFA_SMS_REQUESTED':
      return busy || screen.phone === undefined ? state : start(state);
    case 'MFA_SMS_SENT': {
      if (!busy) return state;
      const next = { ...state, screen: { ...screen, mode: 'sms' as const, methodId: event.methodId } };
      // A resend says so, as on OTPAuthenticate; the first text shows the code boxes instead.
      return screen.methodId === undefined
        ? { ...next, busy: false }
        : withToast(next, { kind: 'success', key: 'toast.codeResent' });
    }
    case 'MFA_CODE_ENTERED':
      return busy || !takesCode(screen) || !OTP_CODE.test(event.code) ? state : start(state);
    case 'MFA_RECOVERY_CODE_SUBMITTED':
      return busy || screen.mode !== 'recovery' || event.code.trim() === '' ? state : start(state);
    case 'MFA_ENROLMENT_REQUESTED':
      return busy || !screen.mfa.enrol || screen.enrolment !== undefined ? state : start(state);
    case 'MFA_ENROLMENT_STARTED':
      if (!busy || !screen.mfa.enrol) return state;
      return { ...state, screen: { ...screen, enrolment: event.enrolment }, busy: false, error: null };
  }
}
