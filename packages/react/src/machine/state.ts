/** @module machine/state — the whole machine state: the screen plus busy flag, error and toast. */
import type { Screen } from './screen.js';

/**
 * An error as data: `code` is the wire `error_type` (or a widget code such as
 * `invalid_email_format`), `message` the server's text when the provider sent one.
 */
export interface ScreenError {
  code: string;
  message?: string;
  /**
   * The field the error belongs to; without one it is shown as a banner. `passkey` is the
   * passkey sign-in on Main, whose message shows under its button, not in the email form;
   * `oauth` likewise shows under the OAuth buttons; `oauthReturn` is a sign-in that came back
   * from the provider with an error, shown at the top of Main.
   */
  field?: 'email' | 'phone' | 'password' | 'passkey' | 'oauth' | 'oauthReturn';
}

/** A transient notice; `id` makes a repeated toast a new one. */
export type Toast =
  | { id: number; kind: 'success'; key: 'toast.emailResent' | 'toast.codeResent' }
  | { id: number; kind: 'error'; error: ScreenError };

/** The machine state. One `busy` flag disables the form while a request is in flight. */
export interface MachineState {
  screen: Screen;
  busy: boolean;
  error: ScreenError | null;
  toast: Toast | null;
  /** The last toast id handed out, so the reducer stays pure. */
  toastSeq: number;
}

/** A fresh state on `screen`; `busy` is true when the screen starts work on entry. */
export function initialState(screen: Screen, busy = false): MachineState {
  return { screen, busy, error: null, toast: null, toastSeq: 0 };
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** `state`, no longer busy, with a new toast; the id comes from the state so the reducer stays pure. */
export function withToast(state: MachineState, toast: WithoutId<Toast>): MachineState {
  const id = state.toastSeq + 1;
  return { ...state, busy: false, toast: { ...toast, id }, toastSeq: id };
}
