/** @module machine/transition — the pure (state, event) → state reducer; no I/O, no React. */
import { isEmailAddress } from '@latchkey/client';
import type { Event } from './event.js';
import { SCREENS_WITH_BACK, type Screen } from './screen.js';
import type { MachineState } from './state.js';

/** The email a screen carries, so going back to Main keeps what the user typed. */
function emailOf(screen: Screen): string | undefined {
  return 'email' in screen ? screen.email : undefined;
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
          screen: { name: 'Main', email },
          error: { code: 'invalid_email_format', field: 'email' },
        };
      }
      return { ...state, screen: { name: 'Main', email }, busy: true, error: null };
    }
    case 'MAGIC_LINK_SENT':
      if (screen.name !== 'Main' || !busy) return state;
      return {
        ...state,
        screen: { name: 'EmailConfirmation', email: event.email },
        busy: false,
        error: null,
      };
    case 'RESEND_REQUESTED':
      if (screen.name !== 'EmailConfirmation' || busy) return state;
      return { ...state, busy: true, error: null };
    case 'RESEND_SUCCEEDED': {
      if (screen.name !== 'EmailConfirmation' || !busy) return state;
      const id = state.toastSeq + 1;
      return {
        ...state,
        busy: false,
        toast: { id, kind: 'success', key: 'toast.emailResent' },
        toastSeq: id,
      };
    }
    case 'AUTHENTICATED':
      if (screen.name !== 'PasswordResetForm' || !busy) return state;
      return {
        ...state,
        screen: { name: 'PasswordConfirmation', result: event.result },
        busy: false,
        error: null,
      };
    case 'REQUEST_FAILED':
      if (!busy) return state;
      return { ...state, busy: false, error: event.error };
    case 'BACK': {
      if (!SCREENS_WITH_BACK.has(screen.name) || busy) return state;
      const email = emailOf(screen);
      return {
        ...state,
        screen: email === undefined ? { name: 'Main' } : { name: 'Main', email },
        error: null,
      };
    }
    case 'TOAST_DISMISSED':
      if (state.toast?.id !== event.id) return state;
      return { ...state, toast: null };
  }
}
