/** @module machine/password-transition — the password-first part of the reducer (spec §2, §4 password flow). */
import type { EventOf } from './event.js';
import type { Screen } from './screen.js';
import type { MachineState } from './state.js';

/** The events this part handles. */
export type PasswordEvent = EventOf<
  | 'USER_SEARCHED'
  | 'PASSWORD_SUBMITTED'
  | 'EMAIL_LOGIN_REQUESTED'
  | 'FORGOT_PASSWORD_REQUESTED'
  | 'CREATE_PASSWORD_REQUESTED'
  | 'RESET_EMAIL_SENT'
>;

const moveTo = (state: MachineState, screen: Screen, busy = false): MachineState => ({
  ...state,
  screen,
  busy,
  error: null,
});

const start = (state: MachineState): MachineState => ({ ...state, busy: true, error: null });

/** True when the screen is the reset form with a reset token (not a login link). */
function isResetFormWithToken(screen: Screen): boolean {
  return screen.name === 'PasswordResetForm' && screen.tokenType !== 'login' && screen.token !== null;
}

/** The next state for a password event; `state` itself when the event does not apply. */
export function passwordTransition(state: MachineState, event: PasswordEvent): MachineState {
  const { screen, busy } = state;
  switch (event.type) {
    case 'USER_SEARCHED':
      if (screen.name !== 'Main' || !busy) return state;
      // Passwordless users get a link or code at once (spec §2), so the screen starts busy.
      return moveTo(
        state,
        { name: 'PasswordCreateOrLogin', email: event.email, type: event.userType },
        event.userType === 'passwordless',
      );
    case 'PASSWORD_SUBMITTED': {
      if (busy) return state;
      const onForm =
        (screen.name === 'PasswordCreateOrLogin' && screen.type !== 'passwordless') ||
        isResetFormWithToken(screen);
      if (!onForm) return state;
      // Spec §5: the password is required; nothing is sent without one.
      if (event.password === '') return { ...state, error: { code: 'password_required', field: 'password' } };
      return start(state);
    }
    case 'EMAIL_LOGIN_REQUESTED': {
      if (busy) return state;
      const offered =
        screen.name === 'PasswordCreateOrLogin' ||
        screen.name === 'PasswordForgot' ||
        isResetFormWithToken(screen);
      return offered ? start(state) : state;
    }
    case 'FORGOT_PASSWORD_REQUESTED':
      if (busy || screen.name !== 'PasswordCreateOrLogin' || screen.type !== 'password') return state;
      return start(state);
    case 'CREATE_PASSWORD_REQUESTED': {
      if (busy) return state;
      const offered =
        (screen.name === 'PasswordCreateOrLogin' && screen.type === 'passwordless') ||
        ((screen.name === 'EmailConfirmation' || screen.name === 'OTPAuthenticate') &&
          screen.offerPassword === true);
      return offered ? start(state) : state;
    }
    case 'RESET_EMAIL_SENT': {
      const from = ['PasswordCreateOrLogin', 'EmailConfirmation', 'OTPAuthenticate', 'LinkExpired'];
      if (!busy || !from.includes(screen.name)) return state;
      return moveTo(state, { name: event.next, email: event.email });
    }
  }
}
