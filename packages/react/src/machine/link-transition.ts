/** @module machine/link-transition — the emailed links the widget opens itself: the reset link's check, a dead link, a new one (issue 17). */
import { isEmailAddress } from '@latchkey/client';
import type { EventOf } from './event.js';
import type { Screen } from './screen.js';
import type { MachineState } from './state.js';

/** The events this part handles. */
export type LinkEvent = EventOf<
  'RESET_LINK_CHECKED' | 'LINK_EXPIRED' | 'NEW_LINK_REQUESTED' | 'SIGN_IN_RESTARTED'
>;

/** The next state for a link event; `state` itself when the event does not apply. */
export function linkTransition(state: MachineState, event: LinkEvent): MachineState {
  const { screen, busy } = state;
  switch (event.type) {
    case 'RESET_LINK_CHECKED': {
      if (screen.name !== 'PasswordResetForm' || !busy || !screen.checking) return state;
      const { checking: _checked, ...form } = screen;
      const next: Screen = event.email === null ? form : { ...form, email: event.email };
      return { ...state, screen: next, busy: false, error: null };
    }
    case 'LINK_EXPIRED':
      // The login link's sign-in, the reset link's check, or a reset with a token that died meanwhile.
      if (screen.name !== 'PasswordResetForm' || !busy) return state;
      return {
        ...state,
        screen: { name: 'LinkExpired', link: event.link, email: event.email },
        busy: false,
        error: null,
      };
    case 'NEW_LINK_REQUESTED': {
      if (screen.name !== 'LinkExpired' || busy) return state;
      // Spec §5 pattern; the address travels in the event, so a typo stays editable if the send fails.
      if (!isEmailAddress(event.email.trim())) {
        return { ...state, error: { code: 'invalid_email_format', field: 'email' } };
      }
      return { ...state, busy: true, error: null };
    }
    case 'SIGN_IN_RESTARTED': {
      if (busy || (screen.name !== 'LinkExpired' && screen.name !== 'PasswordResetForm')) return state;
      const email = screen.email ?? undefined;
      return { ...state, screen: email ? { name: 'Main', email } : { name: 'Main' }, error: null };
    }
  }
}
