/** @module machine/passkey-transition — the passkey part of the reducer (spec §2, §4 passkey flow). */
import type { EventOf } from './event.js';
import type { ScreenOf } from './screen.js';
import { afterSignIn } from './second-factor.js';
import type { MachineState } from './state.js';

/** The events this part handles. */
export type PasskeyEvent = EventOf<
  | 'PASSKEY_LOGIN_REQUESTED'
  | 'PASSKEY_AUTHENTICATED'
  | 'PASSKEY_LOGIN_FAILED'
  | 'PASSKEY_CREATE_REQUESTED'
  | 'PASSKEY_REGISTERED'
  | 'PASSKEY_SKIPPED'
  | 'PASSKEYS_LOADED'
  | 'PASSKEY_RENAMED'
  | 'PASSKEY_DELETED'
  | 'PASSKEY_SETUP_ANOTHER_REQUESTED'
  | 'PASSKEY_DONE'
>;

/** The provider takes passkey names of 1–100 characters after trimming (`docs/contracts.md`). */
export const PASSKEY_NAME_MAX_LENGTH = 100;

type SuccessScreen = ScreenOf<'PasskeyRegistrationSuccess'>;

const toSuccess = (state: MachineState, created: boolean): MachineState => ({
  ...state,
  screen: { name: 'PasskeyRegistrationSuccess', created, registrations: null },
  busy: false,
  error: null,
});

/** The success screen with its list changed; a list still loading has nothing to change. */
function withList(
  state: MachineState,
  screen: SuccessScreen,
  change: (list: NonNullable<SuccessScreen['registrations']>) => SuccessScreen['registrations'],
): MachineState {
  if (screen.registrations === null) return state;
  const registrations = change(screen.registrations);
  return registrations === screen.registrations ? state : { ...state, screen: { ...screen, registrations } };
}

/**
 * The answer to the check made when the widget opened on Start: a user who has passkeys after
 * all sees their list; otherwise Start stays, no longer waiting. Once the user acted (a
 * ceremony under way, its error shown) or left Start, the answer is stale and ignored.
 */
function openingCheck(
  state: MachineState,
  screen: ScreenOf<'PasskeyRegistrationStart'>,
  registrations: NonNullable<SuccessScreen['registrations']>,
): MachineState {
  if (!screen.opened || state.busy || state.error) return state;
  if (registrations.length === 0) return { ...state, screen: { name: 'PasskeyRegistrationStart' } };
  return {
    ...state,
    screen: { name: 'PasskeyRegistrationSuccess', created: false, registrations, opened: true },
  };
}

/** The next state for a passkey event; `state` itself when the event does not apply. */
export function passkeyTransition(state: MachineState, event: PasskeyEvent): MachineState {
  const { screen, busy } = state;
  switch (event.type) {
    case 'PASSKEY_LOGIN_REQUESTED':
      if (screen.name !== 'Main' || busy) return state;
      return { ...state, busy: true, error: null };
    case 'PASSKEY_AUTHENTICATED':
      // Idle too: a passkey picked from the email field's autofill signs in without a button.
      if (screen.name !== 'Main') return state;
      return afterSignIn(state, event.result, { name: 'PasskeyConfirmation', result: event.result });
    case 'PASSKEY_LOGIN_FAILED':
      if (screen.name !== 'Main' || (!busy && event.error === null)) return state;
      return { ...state, busy: false, error: event.error };
    case 'PASSKEY_CREATE_REQUESTED':
      if (screen.name !== 'PasskeyRegistrationStart' || busy) return state;
      return { ...state, busy: true, error: null };
    case 'PASSKEY_REGISTERED':
      if (screen.name !== 'PasskeyRegistrationStart' || !busy) return state;
      return toSuccess(state, true);
    case 'PASSKEY_SKIPPED':
      if (screen.name !== 'PasskeyRegistrationStart' || busy) return state;
      return toSuccess(state, false);
    case 'PASSKEYS_LOADED':
      if (screen.name === 'PasskeyRegistrationStart') return openingCheck(state, screen, event.registrations);
      if (screen.name !== 'PasskeyRegistrationSuccess' || busy) return state;
      return { ...state, screen: { ...screen, registrations: event.registrations } };
    case 'PASSKEY_RENAMED': {
      if (screen.name !== 'PasskeyRegistrationSuccess' || busy) return state;
      const name = event.name.trim();
      // An empty name keeps the old one (the row simply stops editing); no call is made.
      if (name === '' || name.length > PASSKEY_NAME_MAX_LENGTH) return state;
      const id = event.webauthnRegistrationId;
      return withList(state, screen, (list) =>
        list.some((r) => r.webauthn_registration_id === id && r.name !== name)
          ? list.map((r) => (r.webauthn_registration_id === id ? { ...r, name } : r))
          : list,
      );
    }
    case 'PASSKEY_DELETED': {
      if (screen.name !== 'PasskeyRegistrationSuccess' || busy) return state;
      const id = event.webauthnRegistrationId;
      // The screen is the list now: 'successfully created' may no longer even be true.
      return withList(state, { ...screen, created: false }, (list) =>
        list.some((r) => r.webauthn_registration_id === id)
          ? list.filter((r) => r.webauthn_registration_id !== id)
          : list,
      );
    }
    case 'PASSKEY_SETUP_ANOTHER_REQUESTED':
      if (screen.name !== 'PasskeyRegistrationSuccess' || busy) return state;
      return { ...state, screen: { name: 'PasskeyRegistrationStart' }, error: null };
    case 'PASSKEY_DONE':
      // The host decides what comes next; the widget stays as the list of passkeys, titled as the
      // list. Always a new state object, so that its effect, the PASSKEY_DONE host event, runs.
      if (screen.name !== 'PasskeyRegistrationSuccess' || busy) return state;
      return { ...state, screen: { ...screen, created: false } };
  }
}
