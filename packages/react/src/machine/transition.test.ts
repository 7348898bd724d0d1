import { describe, expect, it } from 'vitest';
import type { EventOf, EventType } from './event.js';
import { EVENT_TYPES } from './event.js';
import { SCREEN_NAMES, type ScreenName, type ScreenOf } from './screen.js';
import { initialState, type MachineState } from './state.js';
import { transition } from './transition.js';

// One sample per screen; the mapped type makes a new screen without a sample fail to compile.
const SCREENS: { [N in ScreenName]: ScreenOf<N> } = {
  Main: { name: 'Main' },
  PasskeyRegistrationStart: { name: 'PasskeyRegistrationStart' },
  PasskeyRegistrationSuccess: { name: 'PasskeyRegistrationSuccess' },
  PasskeyConfirmation: { name: 'PasskeyConfirmation', result: { ok: 1 } },
  PasswordResetForm: { name: 'PasswordResetForm', token: 'tok', tokenType: 'login' },
  PasswordCreateOrLogin: { name: 'PasswordCreateOrLogin', email: 'ada@example.com', type: 'new' },
  PasswordForgot: { name: 'PasswordForgot', email: 'ada@example.com' },
  PasswordBreached: { name: 'PasswordBreached', email: 'ada@example.com' },
  PasswordSetNew: { name: 'PasswordSetNew', email: 'ada@example.com' },
  PasswordDedupe: { name: 'PasswordDedupe', email: 'ada@example.com' },
  PasswordConfirmation: { name: 'PasswordConfirmation', result: { ok: 1 } },
  EmailConfirmation: { name: 'EmailConfirmation', email: 'ada@example.com' },
  OTPAuthenticate: {
    name: 'OTPAuthenticate',
    channel: 'email',
    methodId: 'm-1',
    destination: 'ada@example.com',
  },
  OTPConfirmation: { name: 'OTPConfirmation', result: { ok: 1 } },
  CryptoConnect: { name: 'CryptoConnect', walletOption: 'Metamask' },
  CryptoSignMessage: {
    name: 'CryptoSignMessage',
    walletOption: 'Metamask',
    walletAddress: '0x1',
    walletChallenge: 'c',
  },
  CryptoOtherScreen: { name: 'CryptoOtherScreen' },
  CryptoSetupWallet: { name: 'CryptoSetupWallet' },
  CryptoError: { name: 'CryptoError' },
  CryptoConfirmation: { name: 'CryptoConfirmation', result: { ok: 1 } },
};

const RESULT = { session_token: 'st' };
const FAILURE = { code: 'invalid_token', message: 'The link has expired.' };

const EVENTS: { [T in EventType]: EventOf<T> } = {
  EMAIL_SUBMITTED: { type: 'EMAIL_SUBMITTED', email: '  ada@example.com ' },
  MAGIC_LINK_SENT: { type: 'MAGIC_LINK_SENT', email: 'ada@example.com' },
  RESEND_REQUESTED: { type: 'RESEND_REQUESTED' },
  RESEND_SUCCEEDED: { type: 'RESEND_SUCCEEDED' },
  AUTHENTICATED: { type: 'AUTHENTICATED', result: RESULT },
  REQUEST_FAILED: { type: 'REQUEST_FAILED', error: FAILURE },
  BACK: { type: 'BACK' },
  TOAST_DISMISSED: { type: 'TOAST_DISMISSED', id: 7 },
};

type Check = (next: MachineState) => void;

const toMain =
  (email?: string): Check =>
  (next) => {
    expect(next.screen).toEqual(email === undefined ? { name: 'Main' } : { name: 'Main', email });
    expect(next.busy).toBe(false);
  };

// Every accepted (screen, busy, event) triple and what it must produce; all others are ignored.
const ACCEPTED: Record<string, Check> = {
  'Main/idle/EMAIL_SUBMITTED': (next) => {
    expect(next.screen).toEqual({ name: 'Main', email: 'ada@example.com' });
    expect(next.busy).toBe(true);
    expect(next.error).toBeNull();
  },
  'Main/busy/MAGIC_LINK_SENT': (next) => {
    expect(next.screen).toEqual({ name: 'EmailConfirmation', email: 'ada@example.com' });
    expect(next.busy).toBe(false);
  },
  'EmailConfirmation/idle/RESEND_REQUESTED': (next) => {
    expect(next.screen.name).toBe('EmailConfirmation');
    expect(next.busy).toBe(true);
  },
  'EmailConfirmation/busy/RESEND_SUCCEEDED': (next) => {
    expect(next.busy).toBe(false);
    expect(next.toast).toEqual({ id: 1, kind: 'success', key: 'toast.emailResent' });
  },
  'PasswordResetForm/busy/AUTHENTICATED': (next) => {
    expect(next.screen).toEqual({ name: 'PasswordConfirmation', result: RESULT });
    expect(next.busy).toBe(false);
  },
  'EmailConfirmation/idle/BACK': toMain('ada@example.com'),
  'OTPAuthenticate/idle/BACK': toMain(),
  'PasswordCreateOrLogin/idle/BACK': toMain('ada@example.com'),
  'PasswordForgot/idle/BACK': toMain('ada@example.com'),
  'PasswordBreached/idle/BACK': toMain('ada@example.com'),
  'PasswordSetNew/idle/BACK': toMain('ada@example.com'),
  'PasswordDedupe/idle/BACK': toMain('ada@example.com'),
  'CryptoConnect/idle/BACK': toMain(),
  'CryptoSignMessage/idle/BACK': toMain(),
  'CryptoOtherScreen/idle/BACK': toMain(),
  'CryptoSetupWallet/idle/BACK': toMain(),
  'CryptoError/idle/BACK': toMain(),
};
// A failure ends whatever request is in flight, on every screen, and stays on that screen.
for (const name of SCREEN_NAMES) {
  ACCEPTED[`${name}/busy/REQUEST_FAILED`] = (next) => {
    expect(next.screen).toBe(SCREENS[name]);
    expect(next.busy).toBe(false);
    expect(next.error).toEqual(FAILURE);
  };
}

const cases = SCREEN_NAMES.flatMap((name) =>
  [false, true].flatMap((busy) =>
    EVENT_TYPES.map((type) => ({ key: `${name}/${busy ? 'busy' : 'idle'}/${type}`, name, busy, type })),
  ),
);

describe('transition, every (screen, busy, event) triple', () => {
  it('covers all 20 screens of spec §2 and every event', () => {
    expect(SCREEN_NAMES).toHaveLength(20);
    expect(cases).toHaveLength(20 * 2 * EVENT_TYPES.length);
    for (const key of Object.keys(ACCEPTED)) expect(cases.map((c) => c.key)).toContain(key);
  });

  it.each(cases)('$key', ({ key, name, busy, type }) => {
    const state = initialState(SCREENS[name], busy);
    const next = transition(state, EVENTS[type]);
    const check = ACCEPTED[key];
    if (check) {
      expect(next).not.toBe(state);
      check(next);
    } else {
      // Ignored: the very same object, so the machine neither re-renders nor starts effects.
      expect(next).toBe(state);
    }
  });
});

describe('transition, details', () => {
  it('rejects an email without a TLD of two letters and stays idle with a field error', () => {
    for (const email of ['ada', 'ada@example', 'ada@example.c', 'a b@example.com', '']) {
      const next = transition(initialState({ name: 'Main' }), { type: 'EMAIL_SUBMITTED', email });
      expect(next.busy).toBe(false);
      expect(next.error).toEqual({ code: 'invalid_email_format', field: 'email' });
      expect(next.screen).toEqual({ name: 'Main', email: email.trim() });
    }
  });

  it('clears an earlier error when a valid email is submitted', () => {
    const failed = transition(initialState({ name: 'Main' }), { type: 'EMAIL_SUBMITTED', email: 'nope' });
    const next = transition(failed, EVENTS.EMAIL_SUBMITTED);
    expect(next.error).toBeNull();
    expect(next.busy).toBe(true);
  });

  it('gives each toast a new id and dismisses only the toast it names', () => {
    let state = initialState(SCREENS.EmailConfirmation);
    for (const id of [1, 2]) {
      state = transition(transition(state, EVENTS.RESEND_REQUESTED), EVENTS.RESEND_SUCCEEDED);
      expect(state.toast?.id).toBe(id);
    }
    expect(transition(state, { type: 'TOAST_DISMISSED', id: 1 })).toBe(state);
    expect(transition(state, { type: 'TOAST_DISMISSED', id: 2 }).toast).toBeNull();
  });

  it('keeps the error when going back is refused while busy', () => {
    const busy = initialState(SCREENS.EmailConfirmation, true);
    expect(transition(busy, EVENTS.BACK)).toBe(busy);
  });
});
