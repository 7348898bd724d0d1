import { describe, expect, it } from 'vitest';
import type { WidgetWebAuthnRegistration } from '../widget-client.js';
import type { EventOf, EventType } from './event.js';
import { EVENT_TYPES } from './event.js';
import { type OtpState, SCREEN_NAMES, type ScreenName, type ScreenOf, type TotpEnrolment } from './screen.js';
import { initialState, type MachineState } from './state.js';
import { transition } from './transition.js';

const OTP_STATE: OtpState = {
  type: 'email',
  methodId: 'email-test-1',
  otpDestination: 'ada@example.com',
  recipient: 'ada@example.com',
  expiresAt: 1_000_000,
};

const passkey = (n: number, name = `Passkey ${n}`): WidgetWebAuthnRegistration => ({
  webauthn_registration_id: `webauthn-registration-test-${n}`,
  domain: 'localhost',
  user_agent: '',
  authenticator_type: 'platform',
  verified: true,
  name,
  created_at: '2026-01-05T10:00:00Z',
  last_authenticated_at: null,
});
const PASSKEYS = [passkey(1, 'MacBook'), passkey(2, 'Phone')] as const;

// The wallet a crypto screen waits on, in its attempt 1.
const METAMASK = {
  walletOption: 'io.metamask',
  walletLabel: 'MetaMask',
  walletType: 'ethereum',
  attempt: 1,
} as const;

// One sample per screen; the mapped type makes a new screen without a sample fail to compile.
const SCREENS: { [N in ScreenName]: ScreenOf<N> } = {
  Main: { name: 'Main' },
  PasskeyRegistrationStart: { name: 'PasskeyRegistrationStart' },
  PasskeyRegistrationSuccess: { name: 'PasskeyRegistrationSuccess', created: true, registrations: PASSKEYS },
  PasskeyConfirmation: { name: 'PasskeyConfirmation', result: { ok: 1 } },
  PasswordResetForm: { name: 'PasswordResetForm', token: 'tok', tokenType: 'login' },
  PasswordCreateOrLogin: { name: 'PasswordCreateOrLogin', email: 'ada@example.com', type: 'new' },
  PasswordForgot: { name: 'PasswordForgot', email: 'ada@example.com' },
  PasswordBreached: { name: 'PasswordBreached', email: 'ada@example.com' },
  PasswordSetNew: { name: 'PasswordSetNew', email: 'ada@example.com' },
  PasswordDedupe: { name: 'PasswordDedupe', email: 'ada@example.com' },
  PasswordConfirmation: { name: 'PasswordConfirmation', result: { ok: 1 } },
  EmailConfirmation: { name: 'EmailConfirmation', email: 'ada@example.com' },
  OTPAuthenticate: { name: 'OTPAuthenticate', otpState: OTP_STATE },
  OTPConfirmation: { name: 'OTPConfirmation', result: { ok: 1 } },
  CryptoConnect: { name: 'CryptoConnect', ...METAMASK },
  CryptoSignMessage: {
    name: 'CryptoSignMessage',
    ...METAMASK,
    walletAddress: '0x1',
    walletChallenge: 'c',
  },
  CryptoOtherScreen: { name: 'CryptoOtherScreen' },
  CryptoSetupWallet: { name: 'CryptoSetupWallet' },
  CryptoError: { name: 'CryptoError' },
  CryptoConfirmation: { name: 'CryptoConfirmation', result: { ok: 1 } },
  MFAAuthenticate: {
    name: 'MFAAuthenticate',
    mfa: { totp: true, sms: true, enrol: false },
    phone: '+12015550123',
    mode: 'totp',
  },
  MFAConfirmation: { name: 'MFAConfirmation', result: { ok: 1 } },
  LinkExpired: { name: 'LinkExpired', link: 'reset', email: 'ada@example.com' },
};

const RESULT = { session_token: 'st' };
const FAILURE = { code: 'invalid_token', message: 'The link has expired.' };
const PASSKEY_FAILURE = { code: 'webauthn_not_allowed', field: 'passkey' } as const;
const OAUTH_FAILURE = { code: 'invalid_argument', field: 'oauth' } as const;
const CRYPTO_FAILURE = { code: 'crypto_wallet_connect_failed' };
const WALLET_ERROR = Object.assign(new Error('[Error] Could not connect to wallet'), {
  name: 'CryptoWalletError',
  code: 'crypto_wallet_connect_failed',
});

const SENT_STATE: OtpState = {
  type: 'sms',
  methodId: 'phone-number-test-1',
  otpDestination: '+1 201 555 0123',
  recipient: '+12015550123',
  expiresAt: 300_000,
};

const ENROLMENT: TotpEnrolment = {
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
  recoveryCodes: ['abcd-efgh-ijkl'],
};

const EVENTS: { [T in EventType]: EventOf<T> } = {
  EMAIL_SUBMITTED: { type: 'EMAIL_SUBMITTED', email: '  ada@example.com ' },
  MAIN_TAB_SELECTED: { type: 'MAIN_TAB_SELECTED', tab: 'sms' },
  MAGIC_LINK_SENT: { type: 'MAGIC_LINK_SENT', email: 'ada@example.com' },
  OTP_SUBMITTED: {
    type: 'OTP_SUBMITTED',
    channel: 'sms',
    recipient: '+12015550123',
    destination: '+1 201 555 0123',
  },
  OTP_SENT: { type: 'OTP_SENT', otpState: SENT_STATE },
  OTP_CODE_ENTERED: { type: 'OTP_CODE_ENTERED', code: '123456' },
  RESEND_REQUESTED: { type: 'RESEND_REQUESTED' },
  RESEND_SUCCEEDED: { type: 'RESEND_SUCCEEDED' },
  OTP_RESENT: { type: 'OTP_RESENT', methodId: 'email-test-2', expiresAt: 2_000_000 },
  OTP_RESEND_FAILED: { type: 'OTP_RESEND_FAILED', error: FAILURE },
  AUTHENTICATED: { type: 'AUTHENTICATED', result: RESULT },
  REQUEST_FAILED: { type: 'REQUEST_FAILED', error: FAILURE },
  BACK: { type: 'BACK' },
  TOAST_DISMISSED: { type: 'TOAST_DISMISSED', id: 7 },
  USER_SEARCHED: { type: 'USER_SEARCHED', email: 'ada@example.com', userType: 'password' },
  PASSWORD_SUBMITTED: { type: 'PASSWORD_SUBMITTED', password: 'correct horse battery staple' },
  EMAIL_LOGIN_REQUESTED: { type: 'EMAIL_LOGIN_REQUESTED' },
  FORGOT_PASSWORD_REQUESTED: { type: 'FORGOT_PASSWORD_REQUESTED' },
  CREATE_PASSWORD_REQUESTED: { type: 'CREATE_PASSWORD_REQUESTED' },
  RESET_EMAIL_SENT: { type: 'RESET_EMAIL_SENT', email: 'ada@example.com', next: 'PasswordForgot' },
  PASSKEY_LOGIN_REQUESTED: { type: 'PASSKEY_LOGIN_REQUESTED' },
  PASSKEY_AUTHENTICATED: { type: 'PASSKEY_AUTHENTICATED', result: RESULT },
  PASSKEY_LOGIN_FAILED: { type: 'PASSKEY_LOGIN_FAILED', error: PASSKEY_FAILURE },
  PASSKEY_CREATE_REQUESTED: { type: 'PASSKEY_CREATE_REQUESTED' },
  PASSKEY_REGISTERED: { type: 'PASSKEY_REGISTERED', result: RESULT },
  PASSKEY_SKIPPED: { type: 'PASSKEY_SKIPPED' },
  PASSKEYS_LOADED: { type: 'PASSKEYS_LOADED', registrations: [passkey(3)] },
  PASSKEY_RENAMED: {
    type: 'PASSKEY_RENAMED',
    webauthnRegistrationId: 'webauthn-registration-test-1',
    name: '  Work laptop ',
  },
  PASSKEY_DELETED: { type: 'PASSKEY_DELETED', webauthnRegistrationId: 'webauthn-registration-test-1' },
  PASSKEY_SETUP_ANOTHER_REQUESTED: { type: 'PASSKEY_SETUP_ANOTHER_REQUESTED' },
  PASSKEY_DONE: { type: 'PASSKEY_DONE' },
  OAUTH_START_REQUESTED: { type: 'OAUTH_START_REQUESTED', provider: 'github' },
  OAUTH_START_FAILED: { type: 'OAUTH_START_FAILED', error: OAUTH_FAILURE },
  OAUTH_PAGE_RESTORED: { type: 'OAUTH_PAGE_RESTORED' },
  CRYPTO_WALLET_SELECTED: {
    type: 'CRYPTO_WALLET_SELECTED',
    walletOption: 'app.phantom',
    walletLabel: 'Phantom',
    walletType: 'solana',
    attempt: 2,
  },
  CRYPTO_OTHER_REQUESTED: { type: 'CRYPTO_OTHER_REQUESTED' },
  CRYPTO_SETUP_REQUESTED: { type: 'CRYPTO_SETUP_REQUESTED' },
  CRYPTO_WALLET_CONNECTED: {
    type: 'CRYPTO_WALLET_CONNECTED',
    attempt: 1,
    walletAddress: '0xabc',
    chainId: 1,
  },
  CRYPTO_CHALLENGE_RECEIVED: {
    type: 'CRYPTO_CHALLENGE_RECEIVED',
    attempt: 1,
    walletAddress: '0xabc',
    walletChallenge: 'Sign in to localhost',
  },
  CRYPTO_MESSAGE_SIGNED: { type: 'CRYPTO_MESSAGE_SIGNED', attempt: 1, signature: '0xsig' },
  CRYPTO_AUTHENTICATED: { type: 'CRYPTO_AUTHENTICATED', attempt: 1, result: RESULT },
  CRYPTO_FAILED: { type: 'CRYPTO_FAILED', attempt: 1, error: CRYPTO_FAILURE, cause: WALLET_ERROR },
  MFA_MODE_SELECTED: { type: 'MFA_MODE_SELECTED', mode: 'recovery' },
  MFA_SMS_REQUESTED: { type: 'MFA_SMS_REQUESTED' },
  MFA_SMS_SENT: { type: 'MFA_SMS_SENT', methodId: 'phone-number-test-1' },
  MFA_CODE_ENTERED: { type: 'MFA_CODE_ENTERED', code: '123456' },
  MFA_RECOVERY_CODE_SUBMITTED: { type: 'MFA_RECOVERY_CODE_SUBMITTED', code: ' abcd-efgh-ijkl ' },
  MFA_ENROLMENT_REQUESTED: { type: 'MFA_ENROLMENT_REQUESTED' },
  MFA_ENROLMENT_STARTED: { type: 'MFA_ENROLMENT_STARTED', enrolment: ENROLMENT },
  RESET_LINK_CHECKED: { type: 'RESET_LINK_CHECKED', email: 'ada@example.com' },
  LINK_EXPIRED: { type: 'LINK_EXPIRED', link: 'login', email: null },
  NEW_LINK_REQUESTED: { type: 'NEW_LINK_REQUESTED', email: ' ada@example.com ' },
  SIGN_IN_RESTARTED: { type: 'SIGN_IN_RESTARTED' },
};

const startsWork =
  (name: ScreenName): Check =>
  (next) => {
    expect(next.screen).toBe(SCREENS[name]);
    expect(next.busy).toBe(true);
    expect(next.error).toBeNull();
  };

/** Shows `screen`, waiting for the person (not busy). */
const shows =
  (screen: MachineState['screen']): Check =>
  (next) => {
    expect(next.screen).toEqual(screen);
    expect(next.busy).toBe(false);
  };

const toForgot = shows({ name: 'PasswordForgot', email: 'ada@example.com' });
const toEmailConfirmation = shows({ name: 'EmailConfirmation', email: 'ada@example.com' });
const toPasswordConfirmation = shows({ name: 'PasswordConfirmation', result: RESULT });

const resent: Check = (next) => {
  expect(next.busy).toBe(false);
  expect(next.toast).toEqual({ id: 1, kind: 'success', key: 'toast.emailResent' });
};

type Check = (next: MachineState) => void;

const toPasskeyConfirmation: Check = (next) => {
  expect(next.screen).toEqual({ name: 'PasskeyConfirmation', result: RESULT });
  expect(next.busy).toBe(false);
  expect(next.error).toBeNull();
};

const passkeyFailed: Check = (next) => {
  expect(next.screen).toBe(SCREENS.Main);
  expect(next.busy).toBe(false);
  expect(next.error).toEqual(PASSKEY_FAILURE);
};

const toMain = (email?: string): Check =>
  shows(email === undefined ? { name: 'Main' } : { name: 'Main', email });

const toPhantomConnect: Check = (next) => {
  expect(next.screen).toEqual({
    name: 'CryptoConnect',
    walletOption: 'app.phantom',
    walletLabel: 'Phantom',
    walletType: 'solana',
    attempt: 2,
  });
  expect(next.busy).toBe(true);
  expect(next.error).toBeNull();
};

const toCryptoScreen = (name: 'CryptoOtherScreen' | 'CryptoSetupWallet'): Check => shows({ name });

/** Accepted without a change on screen: the step's call starts from the new state object. */
const continuesOn =
  (name: ScreenName): Check =>
  (next) => {
    expect(next.screen).toBe(SCREENS[name]);
    expect(next.busy).toBe(true);
  };

const toCryptoError: Check = (next) => {
  expect(next.screen).toEqual({ name: 'CryptoError' });
  expect(next.busy).toBe(false);
  expect(next.error).toEqual(CRYPTO_FAILURE);
};

// Every accepted (screen, busy, event) triple and what it must produce; all others are ignored.
const ACCEPTED: Record<string, Check> = {
  'Main/idle/EMAIL_SUBMITTED': (next) => {
    expect(next.screen).toEqual({ name: 'Main', email: 'ada@example.com' });
    expect(next.busy).toBe(true);
    expect(next.error).toBeNull();
  },
  'Main/idle/MAIN_TAB_SELECTED': (next) => {
    expect(next.screen).toEqual({ name: 'Main', tab: 'sms' });
    expect(next.error).toBeNull();
  },
  'Main/idle/OTP_SUBMITTED': (next) => {
    expect(next.screen).toEqual({ name: 'Main' });
    expect(next.busy).toBe(true);
    expect(next.error).toBeNull();
  },
  'Main/busy/OTP_SENT': shows({ name: 'OTPAuthenticate', otpState: SENT_STATE }),
  'OTPAuthenticate/idle/OTP_CODE_ENTERED': continuesOn('OTPAuthenticate'),
  'OTPAuthenticate/idle/RESEND_REQUESTED': continuesOn('OTPAuthenticate'),
  'OTPAuthenticate/busy/OTP_RESENT': (next) => {
    expect(next.screen).toEqual({
      name: 'OTPAuthenticate',
      otpState: { ...OTP_STATE, methodId: 'email-test-2', expiresAt: 2_000_000 },
    });
    expect(next.busy).toBe(false);
    expect(next.toast).toEqual({ id: 1, kind: 'success', key: 'toast.codeResent' });
  },
  'OTPAuthenticate/busy/OTP_RESEND_FAILED': (next) => {
    expect(next.screen).toBe(SCREENS.OTPAuthenticate);
    expect(next.busy).toBe(false);
    expect(next.error).toBeNull();
    expect(next.toast).toEqual({ id: 1, kind: 'error', error: FAILURE });
  },
  'OTPAuthenticate/busy/AUTHENTICATED': shows({ name: 'OTPConfirmation', result: RESULT }),
  'Main/busy/MAGIC_LINK_SENT': toEmailConfirmation,
  'EmailConfirmation/idle/RESEND_REQUESTED': (next) => {
    expect(next.screen.name).toBe('EmailConfirmation');
    expect(next.busy).toBe(true);
  },
  'EmailConfirmation/busy/RESEND_SUCCEEDED': resent,
  'PasswordResetForm/busy/AUTHENTICATED': toPasswordConfirmation,
  'EmailConfirmation/idle/BACK': toMain('ada@example.com'),
  'OTPAuthenticate/idle/BACK': shows({ name: 'Main', tab: 'email', email: 'ada@example.com' }),
  'PasswordCreateOrLogin/idle/BACK': toMain('ada@example.com'),
  'PasswordForgot/idle/BACK': toMain('ada@example.com'),
  'PasswordBreached/idle/BACK': toMain('ada@example.com'),
  'PasswordSetNew/idle/BACK': toMain('ada@example.com'),
  'PasswordDedupe/idle/BACK': toMain('ada@example.com'),
  'Main/busy/USER_SEARCHED': shows({
    name: 'PasswordCreateOrLogin',
    email: 'ada@example.com',
    type: 'password',
  }),
  'PasswordCreateOrLogin/idle/PASSWORD_SUBMITTED': startsWork('PasswordCreateOrLogin'),
  'PasswordCreateOrLogin/idle/EMAIL_LOGIN_REQUESTED': startsWork('PasswordCreateOrLogin'),
  'PasswordForgot/idle/EMAIL_LOGIN_REQUESTED': startsWork('PasswordForgot'),
  'PasswordCreateOrLogin/busy/RESET_EMAIL_SENT': toForgot,
  'EmailConfirmation/busy/RESET_EMAIL_SENT': toForgot,
  'OTPAuthenticate/busy/RESET_EMAIL_SENT': toForgot,
  'PasswordCreateOrLogin/busy/MAGIC_LINK_SENT': toEmailConfirmation,
  'PasswordForgot/busy/MAGIC_LINK_SENT': toEmailConfirmation,
  'PasswordCreateOrLogin/busy/OTP_SENT': shows({ name: 'OTPAuthenticate', otpState: SENT_STATE }),
  'PasswordCreateOrLogin/busy/AUTHENTICATED': toPasswordConfirmation,
  'PasswordForgot/idle/RESEND_REQUESTED': startsWork('PasswordForgot'),
  'PasswordBreached/idle/RESEND_REQUESTED': startsWork('PasswordBreached'),
  'PasswordSetNew/idle/RESEND_REQUESTED': startsWork('PasswordSetNew'),
  'PasswordDedupe/idle/RESEND_REQUESTED': startsWork('PasswordDedupe'),
  'PasswordForgot/busy/RESEND_SUCCEEDED': resent,
  'PasswordBreached/busy/RESEND_SUCCEEDED': resent,
  'PasswordSetNew/busy/RESEND_SUCCEEDED': resent,
  'PasswordDedupe/busy/RESEND_SUCCEEDED': resent,
  'CryptoConnect/idle/BACK': toMain(),
  'CryptoSignMessage/idle/BACK': toMain(),
  // A wallet pop-up may never answer: its back arrow works while busy, and ends the wait.
  'CryptoConnect/busy/BACK': toMain(),
  'CryptoSignMessage/busy/BACK': toMain(),
  'Main/idle/CRYPTO_WALLET_SELECTED': toPhantomConnect,
  'CryptoOtherScreen/idle/CRYPTO_WALLET_SELECTED': toPhantomConnect,
  'Main/idle/CRYPTO_OTHER_REQUESTED': toCryptoScreen('CryptoOtherScreen'),
  'Main/idle/CRYPTO_SETUP_REQUESTED': toCryptoScreen('CryptoSetupWallet'),
  'CryptoOtherScreen/idle/CRYPTO_SETUP_REQUESTED': toCryptoScreen('CryptoSetupWallet'),
  'CryptoConnect/busy/CRYPTO_WALLET_CONNECTED': continuesOn('CryptoConnect'),
  'CryptoConnect/busy/CRYPTO_CHALLENGE_RECEIVED': (next) => {
    expect(next.screen).toEqual({
      name: 'CryptoSignMessage',
      ...METAMASK,
      walletAddress: '0xabc',
      walletChallenge: 'Sign in to localhost',
    });
    // Still busy: the signature is the next step.
    expect(next.busy).toBe(true);
  },
  'CryptoSignMessage/busy/CRYPTO_MESSAGE_SIGNED': continuesOn('CryptoSignMessage'),
  'CryptoSignMessage/busy/CRYPTO_AUTHENTICATED': (next) => {
    expect(next.screen).toEqual({ name: 'CryptoConfirmation', result: RESULT });
    expect(next.busy).toBe(false);
    expect(next.error).toBeNull();
  },
  'CryptoConnect/busy/CRYPTO_FAILED': toCryptoError,
  'CryptoSignMessage/busy/CRYPTO_FAILED': toCryptoError,
  'CryptoOtherScreen/idle/BACK': toMain(),
  'CryptoSetupWallet/idle/BACK': toMain(),
  'CryptoError/idle/BACK': toMain(),
  'Main/idle/PASSKEY_LOGIN_REQUESTED': startsWork('Main'),
  'Main/idle/PASSKEY_AUTHENTICATED': toPasskeyConfirmation,
  'Main/busy/PASSKEY_AUTHENTICATED': toPasskeyConfirmation,
  'Main/idle/PASSKEY_LOGIN_FAILED': passkeyFailed,
  'Main/busy/PASSKEY_LOGIN_FAILED': passkeyFailed,
  'PasskeyRegistrationStart/idle/PASSKEY_CREATE_REQUESTED': startsWork('PasskeyRegistrationStart'),
  'PasskeyRegistrationStart/busy/PASSKEY_REGISTERED': shows({
    name: 'PasskeyRegistrationSuccess',
    created: true,
    registrations: null,
  }),
  'PasskeyRegistrationStart/idle/PASSKEY_SKIPPED': shows({
    name: 'PasskeyRegistrationSuccess',
    created: false,
    registrations: null,
  }),
  'PasskeyRegistrationSuccess/idle/PASSKEYS_LOADED': (next) => {
    expect(next.screen).toEqual({ ...SCREENS.PasskeyRegistrationSuccess, registrations: [passkey(3)] });
  },
  'PasskeyRegistrationSuccess/idle/PASSKEY_RENAMED': (next) => {
    // Applied to the local list at once (spec §4), trimmed as the provider stores it.
    expect(next.screen).toEqual({
      ...SCREENS.PasskeyRegistrationSuccess,
      registrations: [passkey(1, 'Work laptop'), PASSKEYS[1]],
    });
  },
  'PasskeyRegistrationSuccess/idle/PASSKEY_DELETED': (next) => {
    // The screen is the list now, titled as the list.
    expect(next.screen).toEqual({
      ...SCREENS.PasskeyRegistrationSuccess,
      created: false,
      registrations: [PASSKEYS[1]],
    });
  },
  'PasskeyRegistrationSuccess/idle/PASSKEY_SETUP_ANOTHER_REQUESTED': shows({
    name: 'PasskeyRegistrationStart',
  }),
  'Main/idle/OAUTH_START_REQUESTED': (next) => {
    expect(next.screen).toEqual({ name: 'Main', oauthProvider: 'github' });
    expect(next.busy).toBe(true);
    expect(next.error).toBeNull();
  },
  'Main/busy/OAUTH_START_FAILED': (next) => {
    expect(next.screen).toEqual({ name: 'Main' });
    expect(next.busy).toBe(false);
    expect(next.error).toEqual(OAUTH_FAILURE);
  },
  'MFAAuthenticate/idle/MFA_MODE_SELECTED': shows({ ...SCREENS.MFAAuthenticate, mode: 'recovery' }),
  'MFAAuthenticate/idle/MFA_SMS_REQUESTED': startsWork('MFAAuthenticate'),
  'MFAAuthenticate/busy/MFA_SMS_SENT': (next) => {
    expect(next.screen).toEqual({ ...SCREENS.MFAAuthenticate, mode: 'sms', methodId: 'phone-number-test-1' });
    expect(next.busy).toBe(false);
    // The first text shows the code boxes; only a resend is worth a toast.
    expect(next.toast).toBeNull();
  },
  'MFAAuthenticate/idle/MFA_CODE_ENTERED': startsWork('MFAAuthenticate'),
  'MFAAuthenticate/busy/AUTHENTICATED': (next) => {
    expect(next.screen).toEqual({ name: 'MFAConfirmation', result: RESULT });
    expect(next.busy).toBe(false);
    expect(next.error).toBeNull();
  },
  'MFAAuthenticate/idle/BACK': toMain(),
  // Issue 17: a dead emailed link says so, and offers a new one and the way back.
  'PasswordResetForm/busy/LINK_EXPIRED': (next) => {
    expect(next.screen).toEqual({ name: 'LinkExpired', link: 'login', email: null });
    expect(next.busy).toBe(false);
    expect(next.error).toBeNull();
  },
  'PasswordResetForm/idle/SIGN_IN_RESTARTED': toMain(),
  'LinkExpired/idle/SIGN_IN_RESTARTED': toMain('ada@example.com'),
  'LinkExpired/idle/NEW_LINK_REQUESTED': startsWork('LinkExpired'),
  'LinkExpired/busy/MAGIC_LINK_SENT': toEmailConfirmation,
  'LinkExpired/busy/RESET_EMAIL_SENT': toForgot,
  'PasskeyRegistrationSuccess/idle/PASSKEY_DONE': (next) => {
    // Accepted (its effect emits PASSKEY_DONE); the list stays, no longer titled as a success.
    expect(next.screen).toEqual({ ...SCREENS.PasskeyRegistrationSuccess, created: false });
    expect(next.busy).toBe(false);
  },
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
  it('covers all 20 screens of spec §2, the 2 of the multi-factor step, the dead link and every event', () => {
    expect(SCREEN_NAMES).toHaveLength(23);
    expect(cases).toHaveLength(23 * 2 * EVENT_TYPES.length);
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

describe('transition, one-time passcodes', () => {
  const main = initialState({ name: 'Main' });

  it('checks an email passcode address like the magic-link form and keeps it trimmed', () => {
    const bad = transition(main, {
      type: 'OTP_SUBMITTED',
      channel: 'email',
      recipient: 'ada@example',
      destination: 'ada@example',
    });
    expect(bad).toMatchObject({ busy: false, error: { code: 'invalid_email_format', field: 'email' } });
    const good = transition(bad, {
      type: 'OTP_SUBMITTED',
      channel: 'email',
      recipient: ' ada@example.com ',
      destination: 'ada@example.com',
    });
    expect(good).toMatchObject({
      busy: true,
      error: null,
      screen: { name: 'Main', email: 'ada@example.com' },
    });
  });

  it('refuses a phone number that is not E.164 with a field error and sends nothing', () => {
    for (const recipient of ['', '2015550123', '+0123456789', '+1201555012345678']) {
      const next = transition(main, {
        type: 'OTP_SUBMITTED',
        channel: 'whatsapp',
        recipient,
        destination: '',
      });
      expect(next.busy).toBe(false);
      expect(next.error).toEqual({ code: 'invalid_phone_number', field: 'phone' });
    }
  });

  it('accepts only six digits as a code', () => {
    const otp = initialState(SCREENS.OTPAuthenticate);
    for (const code of ['12345', '1234567', '12345a', ' 123456']) {
      expect(transition(otp, { type: 'OTP_CODE_ENTERED', code })).toBe(otp);
    }
  });

  it('clears the error when a new code is entered, and keeps the latest method id after resends', () => {
    let state = transition(initialState(SCREENS.OTPAuthenticate, true), EVENTS.REQUEST_FAILED);
    expect(state.error).toEqual(FAILURE);
    state = transition(state, EVENTS.OTP_CODE_ENTERED);
    expect(state.error).toBeNull();
    state = transition(state, EVENTS.REQUEST_FAILED);
    for (const [methodId, id] of [
      ['email-test-2', 1],
      ['email-test-3', 2],
    ] as const) {
      state = transition(state, EVENTS.RESEND_REQUESTED);
      state = transition(state, { type: 'OTP_RESENT', methodId, expiresAt: id * 1000 });
      expect(state.toast?.id).toBe(id);
    }
    expect(state.screen).toMatchObject({ otpState: { methodId: 'email-test-3', expiresAt: 2000 } });
  });

  it('goes back from a phone code to the phone tab with the number', () => {
    const otp = initialState({ name: 'OTPAuthenticate', otpState: SENT_STATE });
    expect(transition(otp, EVENTS.BACK).screen).toEqual({ name: 'Main', tab: 'sms', phone: '+12015550123' });
  });

  it('ignores selecting the tab that is already shown, and clears an error on a switch', () => {
    const onSms = transition(main, EVENTS.MAIN_TAB_SELECTED);
    expect(transition(onSms, EVENTS.MAIN_TAB_SELECTED)).toBe(onSms);
    const failed = transition(onSms, {
      type: 'OTP_SUBMITTED',
      channel: 'sms',
      recipient: '',
      destination: '',
    });
    const switched = transition(failed, { type: 'MAIN_TAB_SELECTED', tab: 'email' });
    expect(switched.error).toBeNull();
    expect(switched.screen).toEqual({ name: 'Main', tab: 'email' });
  });
});

describe('transition, emailed links (issue 17)', () => {
  const checking = initialState(
    { name: 'PasswordResetForm', token: 'tok', tokenType: 'reset_password', checking: true },
    true,
  );

  it('shows the reset form only once the check answered, with the address it named', () => {
    expect(transition(checking, EVENTS.PASSWORD_SUBMITTED)).toBe(checking);
    expect(transition(checking, EVENTS.EMAIL_LOGIN_REQUESTED)).toBe(checking);
    const live = transition(checking, { type: 'RESET_LINK_CHECKED', email: 'ada@example.com' });
    expect(live).toMatchObject({ busy: false, error: null });
    expect(live.screen).toEqual({
      name: 'PasswordResetForm',
      token: 'tok',
      tokenType: 'reset_password',
      email: 'ada@example.com',
    });
    expect(transition(live, EVENTS.PASSWORD_SUBMITTED).busy).toBe(true);
    // A check that could not answer still opens the form, without an address.
    const unknown = transition(checking, { type: 'RESET_LINK_CHECKED', email: null });
    expect(unknown.screen).toEqual({ name: 'PasswordResetForm', token: 'tok', tokenType: 'reset_password' });
    // A late answer for a form already shown is ignored.
    expect(transition(live, EVENTS.RESET_LINK_CHECKED)).toBe(live);
  });

  it('a dead reset link moves to LinkExpired from the check or from a submit', () => {
    const dead = { type: 'LINK_EXPIRED', link: 'reset', email: null } as const;
    expect(transition(checking, dead).screen).toEqual({ name: 'LinkExpired', link: 'reset', email: null });
    const submitting = transition(transition(checking, EVENTS.RESET_LINK_CHECKED), EVENTS.PASSWORD_SUBMITTED);
    const after = transition(submitting, { ...dead, email: 'ada@example.com' });
    expect(after.screen).toEqual({ name: 'LinkExpired', link: 'reset', email: 'ada@example.com' });
  });

  it('asks for a valid address before sending a new link, and keeps the screen', () => {
    const unknown = initialState({ name: 'LinkExpired', link: 'login', email: null });
    for (const email of ['', 'ada@example', ' nope ']) {
      const next = transition(unknown, { type: 'NEW_LINK_REQUESTED', email });
      expect(next).toMatchObject({ busy: false, error: { code: 'invalid_email_format', field: 'email' } });
      expect(next.screen).toBe(unknown.screen);
    }
    const sending = transition(unknown, { type: 'NEW_LINK_REQUESTED', email: ' ada@example.com ' });
    expect(sending).toMatchObject({ busy: true, error: null, screen: unknown.screen });
    expect(transition(sending, EVENTS.SIGN_IN_RESTARTED)).toBe(sending);
  });
});

describe('transition, passwords', () => {
  const create = initialState(SCREENS.PasswordCreateOrLogin);
  const login = initialState({ name: 'PasswordCreateOrLogin', email: 'ada@example.com', type: 'password' });
  const passwordless = {
    name: 'PasswordCreateOrLogin',
    email: 'ada@example.com',
    type: 'passwordless',
  } as const;

  it('starts busy on a passwordless user, because the link or code goes out at once', () => {
    const searched = transition(initialState({ name: 'Main', email: 'ada@example.com' }, true), {
      type: 'USER_SEARCHED',
      email: 'ada@example.com',
      userType: 'passwordless',
    });
    expect(searched).toMatchObject({ screen: passwordless, busy: true, error: null });
  });

  it('requires a password before anything is sent (spec §5)', () => {
    for (const state of [create, login]) {
      const next = transition(state, { type: 'PASSWORD_SUBMITTED', password: '' });
      expect(next).toMatchObject({ busy: false, error: { code: 'password_required', field: 'password' } });
    }
  });

  it('takes a password on the reset form only with a reset token, never on a login link', () => {
    const reset = initialState({ name: 'PasswordResetForm', token: 'tok', tokenType: 'reset_password' });
    expect(transition(reset, EVENTS.PASSWORD_SUBMITTED).busy).toBe(true);
    expect(transition(reset, EVENTS.EMAIL_LOGIN_REQUESTED).busy).toBe(true);
    const tokenless = initialState({ name: 'PasswordResetForm', token: null, tokenType: null });
    expect(transition(tokenless, EVENTS.PASSWORD_SUBMITTED)).toBe(tokenless);
    expect(transition(tokenless, EVENTS.EMAIL_LOGIN_REQUESTED)).toBe(tokenless);
  });

  it("offers 'Forgot Password?' on the login form only", () => {
    expect(transition(login, EVENTS.FORGOT_PASSWORD_REQUESTED).busy).toBe(true);
    expect(transition(create, EVENTS.FORGOT_PASSWORD_REQUESTED)).toBe(create);
  });

  it("offers 'Create a password instead' to passwordless users only", () => {
    const offered = [
      initialState(passwordless),
      initialState({ name: 'EmailConfirmation', email: 'ada@example.com', offerPassword: true }),
      initialState({ name: 'OTPAuthenticate', otpState: OTP_STATE, offerPassword: true }),
    ];
    for (const state of offered) expect(transition(state, EVENTS.CREATE_PASSWORD_REQUESTED).busy).toBe(true);
    expect(transition(initialState(passwordless), EVENTS.PASSWORD_SUBMITTED)).toMatchObject({ busy: false });
  });

  it('carries the offer to the link-sent and code screens', () => {
    const sending = initialState(passwordless, true);
    expect(
      transition(sending, { type: 'MAGIC_LINK_SENT', email: 'ada@example.com', offerPassword: true }).screen,
    ).toEqual({ name: 'EmailConfirmation', email: 'ada@example.com', offerPassword: true });
    expect(
      transition(sending, { type: 'OTP_SENT', otpState: OTP_STATE, offerPassword: true }).screen,
    ).toEqual({
      name: 'OTPAuthenticate',
      otpState: OTP_STATE,
      offerPassword: true,
    });
  });

  it('moves to the screen a reset email was sent for', () => {
    for (const next of ['PasswordBreached', 'PasswordSetNew', 'PasswordDedupe'] as const) {
      const sent = transition(initialState(SCREENS.PasswordCreateOrLogin, true), {
        type: 'RESET_EMAIL_SENT',
        email: 'ada@example.com',
        next,
      });
      expect(sent.screen).toEqual({ name: next, email: 'ada@example.com' });
    }
  });
});

describe('transition, passkeys', () => {
  const success = initialState(SCREENS.PasskeyRegistrationSuccess);
  const rename = (name: string, id = 'webauthn-registration-test-1') =>
    ({ type: 'PASSKEY_RENAMED', webauthnRegistrationId: id, name }) as const;

  it('ends a passkey sign-in that was aborted without an error, and ignores such an end when idle', () => {
    const busy = initialState({ name: 'Main' }, true);
    expect(transition(busy, { type: 'PASSKEY_LOGIN_FAILED', error: null })).toMatchObject({
      busy: false,
      error: null,
    });
    const idle = initialState({ name: 'Main' });
    expect(transition(idle, { type: 'PASSKEY_LOGIN_FAILED', error: null })).toBe(idle);
  });

  it('clears a passkey error when the email form is submitted', () => {
    const failed = transition(initialState({ name: 'Main' }), EVENTS.PASSKEY_LOGIN_FAILED);
    expect(failed.error).toEqual(PASSKEY_FAILURE);
    expect(transition(failed, EVENTS.EMAIL_SUBMITTED).error).toBeNull();
  });

  it('keeps the old name for an empty, too long or unchanged name, or an unknown passkey', () => {
    for (const event of [
      rename(''),
      rename('   '),
      rename('x'.repeat(101)),
      rename(' MacBook '),
      rename('New', 'webauthn-registration-test-9'),
    ]) {
      expect(transition(success, event)).toBe(success);
    }
    expect(transition(success, rename('x'.repeat(100))).screen).toMatchObject({
      registrations: [{ name: 'x'.repeat(100) }, { name: 'Phone' }],
    });
  });

  it('ignores deleting a passkey that is not listed, and edits while the list is loading', () => {
    expect(
      transition(success, {
        type: 'PASSKEY_DELETED',
        webauthnRegistrationId: 'webauthn-registration-test-9',
      }),
    ).toBe(success);
    const loading = initialState({ name: 'PasskeyRegistrationSuccess', created: false, registrations: null });
    expect(transition(loading, rename('New'))).toBe(loading);
    expect(transition(loading, EVENTS.PASSKEY_DELETED)).toBe(loading);
  });

  it("'Done' on the list keeps the list as it is and is accepted again", () => {
    const list = initialState({
      name: 'PasskeyRegistrationSuccess',
      created: false,
      registrations: PASSKEYS,
    });
    const done = transition(list, EVENTS.PASSKEY_DONE);
    expect(done).not.toBe(list);
    expect(done.screen).toEqual(list.screen);
  });

  describe('the check made when the widget opened on Start', () => {
    const opened = initialState({ name: 'PasskeyRegistrationStart', opened: true });
    const loaded = (registrations: readonly WidgetWebAuthnRegistration[]) =>
      ({ type: 'PASSKEYS_LOADED', registrations }) as const;

    it('shows the list when the provider has passkeys, marked as not asked for by the user', () => {
      expect(transition(opened, loaded(PASSKEYS)).screen).toEqual({
        name: 'PasskeyRegistrationSuccess',
        created: false,
        registrations: PASSKEYS,
        opened: true,
      });
    });

    it('stays on Start, no longer waiting, when there are none', () => {
      const next = transition(opened, loaded([]));
      expect(next.screen).toEqual({ name: 'PasskeyRegistrationStart' });
      expect(transition(next, loaded(PASSKEYS))).toBe(next);
    });

    it('is ignored once the user acted: a ceremony under way or its error on screen', () => {
      const creating = transition(opened, EVENTS.PASSKEY_CREATE_REQUESTED);
      expect(creating.busy).toBe(true);
      expect(transition(creating, loaded(PASSKEYS))).toBe(creating);
      const failed = transition(creating, { type: 'REQUEST_FAILED', error: { code: 'passkey_not_created' } });
      expect(transition(failed, loaded(PASSKEYS))).toBe(failed);
    });
  });

  it('shows the §8 failure on Start and clears it on the next attempt', () => {
    let state = transition(
      initialState({ name: 'PasskeyRegistrationStart' }),
      EVENTS.PASSKEY_CREATE_REQUESTED,
    );
    state = transition(state, { type: 'REQUEST_FAILED', error: { code: 'passkey_not_created' } });
    expect(state).toMatchObject({ busy: false, error: { code: 'passkey_not_created' } });
    expect(transition(state, EVENTS.PASSKEY_CREATE_REQUESTED)).toMatchObject({ busy: true, error: null });
    expect(transition(state, EVENTS.PASSKEY_SKIPPED)).toMatchObject({
      screen: { name: 'PasskeyRegistrationSuccess', created: false },
      error: null,
    });
  });
});

describe('transition, crypto wallets', () => {
  const connecting = initialState(SCREENS.CryptoConnect, true);
  const signing = initialState(SCREENS.CryptoSignMessage, true);
  const outcomes = [
    EVENTS.CRYPTO_WALLET_CONNECTED,
    EVENTS.CRYPTO_CHALLENGE_RECEIVED,
    EVENTS.CRYPTO_MESSAGE_SIGNED,
    EVENTS.CRYPTO_AUTHENTICATED,
    EVENTS.CRYPTO_FAILED,
  ];

  it('ignores every outcome of another attempt', () => {
    for (const event of outcomes) {
      const stale = { ...event, attempt: 7 };
      expect(transition(connecting, stale)).toBe(connecting);
      expect(transition(signing, stale)).toBe(signing);
    }
  });

  it('ignores the late answers of an attempt the user went back from, also after a new pick', () => {
    const left = transition(connecting, EVENTS.BACK);
    expect(left).toMatchObject({ screen: { name: 'Main' }, busy: false, error: null });
    for (const event of outcomes) expect(transition(left, event)).toBe(left);
    const again = transition(left, { ...EVENTS.CRYPTO_WALLET_SELECTED, attempt: 3 });
    for (const event of outcomes) expect(transition(again, event)).toBe(again);
    expect(transition(again, { ...EVENTS.CRYPTO_WALLET_CONNECTED, attempt: 3 })).not.toBe(again);
  });

  it('takes a step’s outcome only on its own screen', () => {
    // Connected and challenge belong to CryptoConnect; signed and authenticated to CryptoSignMessage.
    expect(transition(signing, EVENTS.CRYPTO_CHALLENGE_RECEIVED)).toBe(signing);
    expect(transition(signing, EVENTS.CRYPTO_WALLET_CONNECTED)).toBe(signing);
    expect(transition(connecting, EVENTS.CRYPTO_MESSAGE_SIGNED)).toBe(connecting);
    expect(transition(connecting, EVENTS.CRYPTO_AUTHENTICATED)).toBe(connecting);
  });

  it('clears the crypto error when going back from CryptoError', () => {
    const failed = transition(signing, EVENTS.CRYPTO_FAILED);
    expect(failed.error).toEqual(CRYPTO_FAILURE);
    expect(transition(failed, EVENTS.BACK)).toMatchObject({ screen: { name: 'Main' }, error: null });
  });

  it('refuses a wallet pick while Main is busy with another method', () => {
    const sending = transition(initialState({ name: 'Main' }), EVENTS.EMAIL_SUBMITTED);
    expect(transition(sending, EVENTS.CRYPTO_WALLET_SELECTED)).toBe(sending);
    expect(transition(sending, EVENTS.CRYPTO_OTHER_REQUESTED)).toBe(sending);
  });
});

describe('transition, OAuth', () => {
  const main = initialState({ name: 'Main', email: 'ada@example.com' });

  it('marks the pressed provider, clears an earlier error and keeps what was typed', () => {
    const failed = transition(main, { type: 'EMAIL_SUBMITTED', email: 'nope' });
    const next = transition(failed, EVENTS.OAUTH_START_REQUESTED);
    expect(next).toMatchObject({
      screen: { name: 'Main', email: 'nope', oauthProvider: 'github' },
      busy: true,
      error: null,
    });
  });

  it('stays busy while the page leaves: other controls and a second press are refused', () => {
    const leaving = transition(main, EVENTS.OAUTH_START_REQUESTED);
    for (const event of [
      { type: 'OAUTH_START_REQUESTED', provider: 'google' } as const,
      EVENTS.EMAIL_SUBMITTED,
      EVENTS.PASSKEY_LOGIN_REQUESTED,
      EVENTS.MAIN_TAB_SELECTED,
    ]) {
      expect(transition(leaving, event)).toBe(leaving);
    }
  });

  it('on a failed start drops the pending provider and shows the error', () => {
    const leaving = transition(main, EVENTS.OAUTH_START_REQUESTED);
    expect(transition(leaving, EVENTS.OAUTH_START_FAILED)).toMatchObject({
      screen: { name: 'Main', email: 'ada@example.com' },
      busy: false,
      error: OAUTH_FAILURE,
    });
    expect(transition(leaving, EVENTS.OAUTH_START_FAILED).screen).not.toHaveProperty('oauthProvider');
  });

  it('wakes up when the page comes back from the back-forward cache, only during an OAuth start', () => {
    const leaving = transition(main, EVENTS.OAUTH_START_REQUESTED);
    const restored = transition(leaving, EVENTS.OAUTH_PAGE_RESTORED);
    expect(restored).toMatchObject({ busy: false, error: null });
    expect(restored.screen).toEqual({ name: 'Main', email: 'ada@example.com' });
    const sendingLink = transition(main, EVENTS.EMAIL_SUBMITTED);
    expect(transition(sendingLink, EVENTS.OAUTH_PAGE_RESTORED)).toBe(sendingLink);
  });
});

describe('transition, multi-factor sign-in', () => {
  const PHONE = '+12015550123';
  /** A sign-in answer with only an intermediate session token (docs/contracts.md, multi-factor policy). */
  const pending = (mfa: { totp: boolean; sms: boolean; enrol: boolean }) => ({
    session_token: '',
    session_jwt: '',
    session: null,
    intermediate_session_token: 'ist-test',
    mfa_required: mfa,
    user: {
      phone_numbers: [
        { phone_number: '+447700900123', verified: false },
        { phone_number: PHONE, verified: true },
      ],
    },
  });
  const TOTP_AND_SMS = pending({ totp: true, sms: true, enrol: false });
  const mfaScreen = (overrides: Partial<ScreenOf<'MFAAuthenticate'>> = {}): ScreenOf<'MFAAuthenticate'> => ({
    ...SCREENS.MFAAuthenticate,
    ...overrides,
  });
  const on = (screen: ScreenOf<'MFAAuthenticate'>, busy = false) => initialState(screen, busy);

  it('sends every sign-in that answers with only an intermediate token to MFAAuthenticate', () => {
    const expected = {
      name: 'MFAAuthenticate',
      mfa: { totp: true, sms: true, enrol: false },
      phone: PHONE,
      mode: 'totp',
    };
    const signIns: Array<[MachineState, Parameters<typeof transition>[1]]> = [
      [initialState(SCREENS.PasswordCreateOrLogin, true), { type: 'AUTHENTICATED', result: TOTP_AND_SMS }],
      [initialState(SCREENS.PasswordResetForm, true), { type: 'AUTHENTICATED', result: TOTP_AND_SMS }],
      [initialState(SCREENS.OTPAuthenticate, true), { type: 'AUTHENTICATED', result: TOTP_AND_SMS }],
      [
        initialState(SCREENS.CryptoSignMessage, true),
        { type: 'CRYPTO_AUTHENTICATED', attempt: 1, result: TOTP_AND_SMS },
      ],
      [initialState(SCREENS.Main), { type: 'PASSKEY_AUTHENTICATED', result: TOTP_AND_SMS }],
    ];
    for (const [state, event] of signIns) {
      const next = transition(state, event);
      expect(next.screen).toEqual(expected);
      expect(next.busy).toBe(false);
      expect(next.error).toBeNull();
    }
  });

  it('asks for a text when the phone is the only second factor, and starts busy when an app must be set up', () => {
    const afterPassword = (mfa: Parameters<typeof pending>[0]) =>
      transition(initialState(SCREENS.PasswordCreateOrLogin, true), {
        type: 'AUTHENTICATED',
        result: pending(mfa),
      });
    const smsOnly = { totp: false, sms: true, enrol: false };
    expect(afterPassword(smsOnly).screen).toEqual({
      name: 'MFAAuthenticate',
      mfa: smsOnly,
      phone: PHONE,
      mode: 'sms',
    });
    const enrolOnly = { totp: false, sms: false, enrol: true };
    const enrol = afterPassword(enrolOnly);
    expect(enrol.screen).toEqual({ name: 'MFAAuthenticate', mfa: enrolOnly, mode: 'totp' });
    // The screen's effect makes the new authenticator app at once.
    expect(enrol.busy).toBe(true);
  });

  it('tells a full sign-in from a pending one by the tokens, and offers no text without a verified phone', () => {
    const state = initialState(SCREENS.PasswordCreateOrLogin, true);
    const signedIn = { ...TOTP_AND_SMS, session_token: 'st' };
    expect(transition(state, { type: 'AUTHENTICATED', result: signedIn }).screen.name).toBe(
      'PasswordConfirmation',
    );
    const noToken = { ...TOTP_AND_SMS, intermediate_session_token: '' };
    expect(transition(state, { type: 'AUTHENTICATED', result: noToken }).screen.name).toBe(
      'PasswordConfirmation',
    );
    expect(transition(state, { type: 'AUTHENTICATED', result: null }).screen.name).toBe(
      'PasswordConfirmation',
    );
    const unverified = {
      ...pending({ totp: true, sms: true, enrol: false }),
      user: { phone_numbers: [{ phone_number: PHONE, verified: false }] },
    };
    expect(transition(state, { type: 'AUTHENTICATED', result: unverified }).screen).toEqual({
      name: 'MFAAuthenticate',
      mfa: { totp: true, sms: true, enrol: false },
      mode: 'totp',
    });
  });

  it('switches to recovery codes and back only with a verified app, clearing the error', () => {
    const failed = { ...on(mfaScreen()), error: FAILURE };
    const recovery = transition(failed, { type: 'MFA_MODE_SELECTED', mode: 'recovery' });
    expect(recovery.screen).toEqual(mfaScreen({ mode: 'recovery' }));
    expect(recovery.error).toBeNull();
    expect(transition(recovery, { type: 'MFA_MODE_SELECTED', mode: 'totp' }).screen).toEqual(mfaScreen());
    for (const mfa of [
      { totp: false, sms: true, enrol: false },
      { totp: false, sms: false, enrol: true },
    ]) {
      const state = on(mfaScreen({ mfa }));
      expect(transition(state, { type: 'MFA_MODE_SELECTED', mode: 'recovery' })).toBe(state);
    }
  });

  it('texts a code only to a verified phone, and a resend says so with a toast', () => {
    const noPhone = on({
      name: 'MFAAuthenticate',
      mfa: { totp: true, sms: false, enrol: false },
      mode: 'totp',
    });
    expect(transition(noPhone, { type: 'MFA_SMS_REQUESTED' })).toBe(noPhone);
    const texted = on(mfaScreen({ mode: 'sms', methodId: 'phone-number-test-1' }));
    const resending = transition(texted, { type: 'MFA_SMS_REQUESTED' });
    expect(resending.busy).toBe(true);
    const resent = transition(resending, { type: 'MFA_SMS_SENT', methodId: 'phone-number-test-2' });
    expect(resent.screen).toEqual(mfaScreen({ mode: 'sms', methodId: 'phone-number-test-2' }));
    expect(resent.busy).toBe(false);
    expect(resent.toast).toEqual({ id: 1, kind: 'success', key: 'toast.codeResent' });
  });

  it('checks six digits only where there is something to check them against', () => {
    const totp = on(mfaScreen());
    for (const code of ['12345', '1234567', '12345a']) {
      expect(transition(totp, { type: 'MFA_CODE_ENTERED', code })).toBe(totp);
    }
    const notTextedYet = on(mfaScreen({ mode: 'sms' }));
    expect(transition(notTextedYet, { type: 'MFA_CODE_ENTERED', code: '123456' })).toBe(notTextedYet);
    const recovery = on(mfaScreen({ mode: 'recovery' }));
    expect(transition(recovery, { type: 'MFA_CODE_ENTERED', code: '123456' })).toBe(recovery);
    const enrol = { mfa: { totp: false, sms: false, enrol: true } };
    const noAppYet = on({ name: 'MFAAuthenticate', ...enrol, mode: 'totp' });
    expect(transition(noAppYet, { type: 'MFA_CODE_ENTERED', code: '123456' })).toBe(noAppYet);
    const withApp = on({ name: 'MFAAuthenticate', ...enrol, mode: 'totp', enrolment: ENROLMENT });
    expect(transition(withApp, { type: 'MFA_CODE_ENTERED', code: '123456' }).busy).toBe(true);
  });

  it('takes a recovery code in recovery mode only, and never a blank one', () => {
    const recovery = on(mfaScreen({ mode: 'recovery' }));
    expect(transition(recovery, { type: 'MFA_RECOVERY_CODE_SUBMITTED', code: '   ' })).toBe(recovery);
    const submitted = transition(recovery, { type: 'MFA_RECOVERY_CODE_SUBMITTED', code: 'abcd-efgh-ijkl' });
    expect(submitted.busy).toBe(true);
    expect(submitted.screen).toBe(recovery.screen);
  });

  it('sets up an app once: the new app is kept, and a failed setup can be tried again', () => {
    const enrolScreen: ScreenOf<'MFAAuthenticate'> = {
      name: 'MFAAuthenticate',
      mfa: { totp: false, sms: false, enrol: true },
      mode: 'totp',
    };
    const setUp = transition(on(enrolScreen, true), { type: 'MFA_ENROLMENT_STARTED', enrolment: ENROLMENT });
    expect(setUp.screen).toEqual({ ...enrolScreen, enrolment: ENROLMENT });
    expect(setUp.busy).toBe(false);
    expect(transition(setUp, { type: 'MFA_ENROLMENT_REQUESTED' })).toBe(setUp);
    const failed = transition(on(enrolScreen, true), { type: 'REQUEST_FAILED', error: FAILURE });
    const retry = transition(failed, { type: 'MFA_ENROLMENT_REQUESTED' });
    expect(retry.busy).toBe(true);
    expect(retry.error).toBeNull();
  });
});
