/** @module testing/fake-client — a recording stand-in for the client, for the widget's unit tests only. */
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType, type Session, type User } from '@latchkey/client';
import { mfaPendingAnswer } from '../../../wire/test/fixtures/mfa-pending.js';
import type { OtpChannel } from '../machine/screen.js';
import type {
  MagicLinkLoginOrCreateOptions,
  OtpEmailLoginOrCreateOptions,
  OtpPhoneLoginOrCreateOptions,
  WidgetBootstrap,
  WidgetClient,
  WidgetCryptoWalletAuthenticateOptions,
  WidgetCryptoWalletStartOptions,
  WidgetGoogleOneTapResult,
  WidgetGoogleOneTapStartOptions,
  WidgetOAuth,
  WidgetOAuthStartOptions,
  WidgetPasswordSignIn,
  WidgetPasswordStrength,
  WidgetResetStartOptions,
  WidgetSession,
  WidgetTelemetryEvent,
  WidgetTotpCreated,
  WidgetUser,
  WidgetWebAuthnAuthenticateOptions,
  WidgetWebAuthnRegisterOptions,
  WidgetWebAuthnRegistration,
} from '../widget-client.js';

/**
 * A user as a test writes it: the id and the addresses, plus any other User field; the fake
 * completes the rest as the provider would send it (wireUser).
 */
export type TestUser = Partial<Omit<User, 'emails' | 'webauthn_registrations'>> & {
  user_id: string;
  emails: ReadonlyArray<{ email: string; email_id?: string; verified?: boolean }>;
  webauthn_registrations?: readonly WidgetWebAuthnRegistration[];
};

/** A session as a test writes it: the fields the widget reads; the fake completes the rest. */
export type TestSession = Partial<Session> & Pick<Session, 'session_id' | 'user_id' | 'expires_at'>;

/** The complete wire User for `user` (empty factor lists, `{}` metadata, `password: null`). */
export function wireUser(user: TestUser): User {
  return {
    created_at: '2026-01-01T00:00:00Z',
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    phone_numbers: [],
    crypto_wallets: [],
    providers: [],
    password: null,
    totps: [],
    biometric_registrations: [],
    trusted_metadata: {},
    untrusted_metadata: {},
    ...user,
    emails: user.emails.map((email, n) => ({ email_id: `email-test-${n}`, verified: true, ...email })),
    webauthn_registrations: [...(user.webauthn_registrations ?? [])],
  };
}

/** The complete wire Session for `session`. */
export function wireSession(session: TestSession): Session {
  return {
    started_at: '2026-01-01T00:00:00Z',
    last_accessed_at: '2026-01-01T00:00:00Z',
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: [],
    custom_claims: null,
    ...session,
  };
}

/**
 * A test's stand-in answer as the method's answer. Tests answer with what the widget reads (or
 * reject), not with every field the provider sends, so the fake hands their answers on as is.
 */
function answer<T>(value: Promise<unknown>): Promise<T> {
  return value as Promise<T>;
}

/** Behaviour a test can swap in. */
export interface FakeClientOptions {
  loginOrCreate?: (email: string, options?: MagicLinkLoginOrCreateOptions) => Promise<unknown>;
  authenticate?: (token: string, options: { sessionDurationMinutes: number }) => Promise<unknown>;
  /** Replaces every OTP send (email, sms, whatsapp); `n` counts the sends from 1. */
  otpSend?: (channel: OtpChannel, recipient: string, n: number) => Promise<{ method_id: string }>;
  otpAuthenticate?: (code: string, methodId: string) => Promise<unknown>;
  /** What `users.search` answers; 'new' unless set. */
  search?: (email: string) => Promise<{ userType: 'new' | 'password' | 'passwordless' }>;
  passwordCreate?: (options: WidgetPasswordSignIn) => Promise<unknown>;
  passwordAuthenticate?: (options: WidgetPasswordSignIn) => Promise<unknown>;
  /** The strength answer; valid zxcvbn score 4 unless set. */
  strengthCheck?: (options: { email?: string; password: string }) => Promise<WidgetPasswordStrength>;
  resetStart?: (options: WidgetResetStartOptions) => Promise<unknown>;
  resetByEmail?: (options: {
    token: string;
    password: string;
    sessionDurationMinutes: number;
  }) => Promise<unknown>;
  resetByEmailLogin?: (options: { token: string; sessionDurationMinutes: number }) => Promise<unknown>;
  /** `passwords.resetByEmailCheck`; resolves RESET_LINK_LIVE unless set. */
  resetByEmailCheck?: (options: { token: string }) => Promise<{ email: string }>;
  /** `webauthn.register`; resolves PASSKEY_REGISTERED_RESULT unless set. */
  webauthnRegister?: (options?: WidgetWebAuthnRegisterOptions) => Promise<unknown>;
  /**
   * `webauthn.authenticate`; unless set, a modal request resolves PASSKEY_AUTHENTICATED_RESULT and
   * a conditional one waits until its signal aborts, then rejects with `webauthn_aborted`.
   */
  webauthnAuthenticate?: (options: WidgetWebAuthnAuthenticateOptions) => Promise<unknown>;
  webauthnUpdate?: (options: { webauthnRegistrationId: string; name: string }) => Promise<unknown>;
  /** What `webauthn.browserSupportsAutofill` answers; false unless set (as in jsdom). */
  supportsAutofill?: boolean;
  /** `user.get`; resolves the current user unless set (rejects when there is none). */
  userGet?: () => Promise<TestUser>;
  deleteWebauthnRegistration?: (id: string) => Promise<unknown>;
  /** `oauth.{provider}.start`; resolves (as after asking the browser to navigate) unless set. */
  oauthStart?: (provider: OAuthProviderType, options?: WidgetOAuthStartOptions) => Promise<unknown>;
  /** `oauth.googleOneTap.start`; stays pending (a prompt nobody answers) unless set. */
  oneTapStart?: (options?: WidgetGoogleOneTapStartOptions) => Promise<WidgetGoogleOneTapResult>;
  /** `cryptoWallets.authenticateStart`; resolves cryptoChallenge(n) for the n-th start unless set. */
  cryptoStart?: (options: WidgetCryptoWalletStartOptions, n: number) => Promise<{ challenge: string }>;
  /** `cryptoWallets.authenticate`; resolves CRYPTO_AUTHENTICATED_RESULT unless set. */
  cryptoAuthenticate?: (options: WidgetCryptoWalletAuthenticateOptions) => Promise<unknown>;
  /** `otps.sms.send` (a texted second factor); resolves otpSent('sms', n) for the n-th send unless set. */
  smsSend?: (phoneNumber: string, n: number) => Promise<{ method_id: string }>;
  /** `totps.create`; resolves TOTP_CREATED unless set. */
  totpCreate?: () => Promise<Partial<WidgetTotpCreated>>;
  /** `totps.authenticate`; resolves TOTP_AUTHENTICATED_RESULT unless set. */
  totpAuthenticate?: (options: { totp_code: string; session_duration_minutes: number }) => Promise<unknown>;
  /** `totps.recover`; resolves TOTP_AUTHENTICATED_RESULT unless set. */
  totpRecover?: (options: { recovery_code: string; session_duration_minutes: number }) => Promise<unknown>;
  bootstrap?: WidgetBootstrap;
  /** `bootstrap.getAsync` when it answers otherwise than `bootstrap` (e.g. later: a first visit's fetch). */
  bootstrapAsync?: () => Promise<WidgetBootstrap>;
  user?: TestUser | null;
  session?: TestSession | null;
  floating?: boolean;
}

/** The fake plus what it recorded and handles to change its state. */
export interface FakeClient extends WidgetClient {
  calls: {
    loginOrCreate: Array<{ email: string; options: MagicLinkLoginOrCreateOptions | undefined }>;
    authenticate: Array<{ token: string; options: { sessionDurationMinutes: number } }>;
    otpSend: Array<{
      channel: OtpChannel;
      recipient: string;
      options: OtpEmailLoginOrCreateOptions | undefined;
    }>;
    otpAuthenticate: Array<{ code: string; methodId: string; options: { sessionDurationMinutes: number } }>;
    search: string[];
    passwordCreate: WidgetPasswordSignIn[];
    passwordAuthenticate: WidgetPasswordSignIn[];
    strengthCheck: Array<{ email?: string; password: string }>;
    resetStart: WidgetResetStartOptions[];
    resetByEmail: Array<{ token: string; password: string; sessionDurationMinutes: number }>;
    resetByEmailLogin: Array<{ token: string; sessionDurationMinutes: number }>;
    resetByEmailCheck: Array<{ token: string }>;
    webauthnRegister: Array<WidgetWebAuthnRegisterOptions | undefined>;
    webauthnAuthenticate: WidgetWebAuthnAuthenticateOptions[];
    webauthnUpdate: Array<{ webauthnRegistrationId: string; name: string }>;
    browserSupportsAutofill: number;
    userGet: number;
    deleteWebauthnRegistration: string[];
    oauthStart: Array<{ provider: OAuthProviderType; options: WidgetOAuthStartOptions | undefined }>;
    oneTapStart: Array<WidgetGoogleOneTapStartOptions | undefined>;
    cryptoStart: WidgetCryptoWalletStartOptions[];
    cryptoAuthenticate: WidgetCryptoWalletAuthenticateOptions[];
    smsSend: Array<{ phoneNumber: string; options: OtpPhoneLoginOrCreateOptions | undefined }>;
    totpCreate: number;
    totpAuthenticate: Array<{ totp_code: string; session_duration_minutes: number }>;
    totpRecover: Array<{ recovery_code: string; session_duration_minutes: number }>;
  };
  telemetryEvents: WidgetTelemetryEvent[];
  /** Completes `user` (wireUser) and tells the listeners. */
  setUser(user: TestUser | null): void;
  /** Completes `session` (wireSession) and tells the listeners. */
  setSession(session: TestSession | null): void;
}

/** A magic-link send response as the provider returns it. */
export const SENT = {
  request_id: 'request-id-test-1',
  status_code: 200,
  user_id: 'user-test-1',
  email_id: 'email-1',
};

/** An authenticate response, trimmed to what the widget passes on. */
/** What the reset link's check answers for a live link, unless a test says otherwise. */
export const RESET_LINK_LIVE = {
  status_code: 200,
  email: 'reset-owner@example.com',
  expires_at: '2026-03-01T12:30:00.000Z',
};

export const AUTHENTICATED = {
  request_id: 'request-id-test-2',
  status_code: 200,
  user_id: 'user-test-1',
  session_token: 'session-token',
  session_jwt: 'session-jwt',
};

/** An OTP send response as the provider returns it; the n-th send gets the method id ending in n. */
export function otpSent(channel: OtpChannel, n: number): { method_id: string } & Record<string, unknown> {
  const methodId = channel === 'email' ? `email-test-${n}` : `phone-number-test-${n}`;
  return {
    request_id: `request-id-test-otp-${n}`,
    status_code: 200,
    user_id: 'user-test-1',
    method_id: methodId,
    [channel === 'email' ? 'email_id' : 'phone_id']: methodId,
  };
}

/** A passkey sign-in response, trimmed to what the widget passes on. */
export const PASSKEY_AUTHENTICATED_RESULT = {
  ...AUTHENTICATED,
  webauthn_registration_id: 'webauthn-registration-test-1',
};

/** A passkey registration response, trimmed to what the widget passes on. */
export const PASSKEY_REGISTERED_RESULT = {
  ...AUTHENTICATED,
  webauthn_registration_id: 'webauthn-registration-test-2',
};

/** A crypto-wallet start response; the n-th start gets the challenge ending in n. */
export function cryptoChallenge(n: number): { challenge: string } & Record<string, unknown> {
  return {
    request_id: `request-id-test-crypto-${n}`,
    status_code: 200,
    challenge: `Sign in to localhost.\n\nNonce: nonce-test-${n}`,
  };
}

/** A crypto-wallet sign-in response, trimmed to what the widget passes on. */
export const CRYPTO_AUTHENTICATED_RESULT = {
  ...AUTHENTICATED,
  crypto_wallet_id: 'crypto-wallet-test-1',
};

/** A TOTP sign-in response (`totps.authenticate` / `totps.recover`), trimmed to what the widget passes on. */
export const TOTP_AUTHENTICATED_RESULT = {
  ...AUTHENTICATED,
  totp_id: 'totp-test-1',
};

/** A `totps.create` response as the provider returns it (without `__user`). */
export const TOTP_CREATED = {
  request_id: 'request-id-test-totp',
  status_code: 200,
  user_id: 'user-test-1',
  totp_id: 'totp-test-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  recovery_codes: Array.from({ length: 10 }, (_, n) => `ab${n}d-efgh-ijk${n}`),
};

/** The user's verified phone in `mfaPending` results. */
export const MFA_PHONE = '+12015550123';

/**
 * A primary sign-in's answer when the project requires a second factor (`docs/contracts.md`,
 * multi-factor policy): no session, an intermediate session token and `mfa_required`. The user
 * has the verified phone MFA_PHONE when `sms` is offered.
 */
export function mfaPending(mfa: { totp?: boolean; sms?: boolean; enrol?: boolean }) {
  const { totp = false, sms = false } = mfa;
  const phones = sms ? [{ phone_id: 'phone-number-test-1', phone_number: MFA_PHONE, verified: true }] : [];
  return {
    ...mfaPendingAnswer(
      { totp, sms, enrol: mfa.enrol ?? (!totp && !sms) },
      'ist-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ),
    user: {
      user_id: 'user-test-1',
      emails: [{ email: 'ada@example.com', verified: true }],
      phone_numbers: [
        { phone_id: 'phone-number-test-0', phone_number: '+447700900123', verified: false },
        ...phones,
      ],
    },
  };
}

/** A passkey of the user as `user.webauthn_registrations` lists it (the widget's fields). */
export function passkey(
  n: number,
  overrides: Partial<WidgetWebAuthnRegistration> = {},
): WidgetWebAuthnRegistration {
  return {
    webauthn_registration_id: `webauthn-registration-test-${n}`,
    domain: 'localhost',
    user_agent: '',
    authenticator_type: 'platform',
    verified: true,
    name: `Passkey ${n}`,
    created_at: `2026-01-0${n}T10:00:00Z`,
    last_authenticated_at: null,
    ...overrides,
  };
}

/** A browser ceremony failure shaped like LatchkeyWebAuthnError (a code, no status). */
export function webauthnError(
  code: string,
  message = 'The WebAuthn ceremony failed',
): Error & { code: string } {
  return Object.assign(new Error(message), { name: 'LatchkeyWebAuthnError', code });
}

/** An API error shaped like LatchkeyApiError (code, status, message). */
export function apiError(
  code: string,
  message: string,
  status = 400,
): Error & { code: string; status: number } {
  return Object.assign(new Error(message), { name: 'LatchkeyApiError', code, status });
}

/** A strength answer as the provider gives it for a strong password under zxcvbn. */
export function strength(overrides: StrengthOverrides = {}): WidgetPasswordStrength {
  const { feedback = {}, ...rest } = overrides;
  return {
    request_id: 'request-id-test-strength',
    status_code: 200,
    valid_password: true,
    score: 4,
    breached_password: false,
    breach_detection_on_create: true,
    strength_policy: 'zxcvbn',
    ...rest,
    feedback: {
      warning: '',
      suggestions: [],
      ...feedback,
      luds_requirements: {
        has_digit: true,
        has_lower_case: true,
        has_symbol: true,
        has_upper_case: true,
        missing_characters: 0,
        missing_complexity: 0,
        ...feedback.luds_requirements,
      },
    },
  };
}

/** What a test may change in a strength answer: any field, the feedback's in part. */
export type StrengthOverrides = Partial<Omit<WidgetPasswordStrength, 'feedback'>> & {
  feedback?: Partial<Omit<WidgetPasswordStrength['feedback'], 'luds_requirements'>> & {
    luds_requirements?: Partial<WidgetPasswordStrength['feedback']['luds_requirements']>;
  };
};

/** The one-argument methods named alike in `calls` and in the options. */
type RecordedKey =
  | 'webauthnRegister'
  | 'webauthnUpdate'
  | 'cryptoAuthenticate'
  | 'totpAuthenticate'
  | 'totpRecover'
  | 'deleteWebauthnRegistration'
  | 'passwordCreate'
  | 'passwordAuthenticate'
  | 'strengthCheck'
  | 'resetStart'
  | 'resetByEmail'
  | 'resetByEmailLogin'
  | 'resetByEmailCheck';

/** Creates a fake whose calls succeed unless the options say otherwise. */
export function createFakeClient(options: FakeClientOptions = {}): FakeClient {
  let user = options.user ? wireUser(options.user) : null;
  let session = options.session ? wireSession(options.session) : null;
  const userListeners = new Set<(user: WidgetUser | null) => void>();
  const sessionListeners = new Set<(session: WidgetSession | null) => void>();
  const sendOtp = <T>(
    channel: OtpChannel,
    recipient: string,
    opts: OtpEmailLoginOrCreateOptions | undefined,
  ): Promise<T> => {
    fake.calls.otpSend.push({ channel, recipient, options: opts });
    const n = fake.calls.otpSend.length;
    return answer(
      options.otpSend ? options.otpSend(channel, recipient, n) : Promise.resolve(otpSent(channel, n)),
    );
  };
  /**
   * A fake method of one argument whose calls and stand-in share the name `key`: records the
   * argument, then answers with the test's stand-in when it set one, else with `fallback()`.
   */
  const recorded =
    <K extends RecordedKey>(key: K, fallback: () => Promise<unknown>) =>
    <T>(argument: FakeClient['calls'][K][number]): Promise<T> => {
      (fake.calls[key] as unknown[]).push(argument);
      const stub = options[key] as ((value: typeof argument) => Promise<unknown>) | undefined;
      return answer(stub ? stub(argument) : fallback());
    };
  const fake: FakeClient = {
    calls: {
      loginOrCreate: [],
      authenticate: [],
      otpSend: [],
      otpAuthenticate: [],
      search: [],
      passwordCreate: [],
      passwordAuthenticate: [],
      strengthCheck: [],
      resetStart: [],
      resetByEmail: [],
      resetByEmailLogin: [],
      resetByEmailCheck: [],
      webauthnRegister: [],
      webauthnAuthenticate: [],
      webauthnUpdate: [],
      browserSupportsAutofill: 0,
      userGet: 0,
      deleteWebauthnRegistration: [],
      oauthStart: [],
      oneTapStart: [],
      cryptoStart: [],
      cryptoAuthenticate: [],
      smsSend: [],
      totpCreate: 0,
      totpAuthenticate: [],
      totpRecover: [],
    },
    telemetryEvents: [],
    bootstrap: {
      // By default a provider that lists no OAuth providers (`null`): every configured button shows.
      getSync: () =>
        options.bootstrap ?? {
          displayWatermark: true,
          emailDomains: ['latchkey.test'],
          oauthProviders: null,
        },
      getAsync: async () =>
        options.bootstrapAsync
          ? options.bootstrapAsync()
          : (options.bootstrap ?? {
              displayWatermark: true,
              emailDomains: ['latchkey.test'],
              oauthProviders: null,
            }),
    },
    magicLinks: {
      email: {
        loginOrCreate(email, opts) {
          fake.calls.loginOrCreate.push({ email, options: opts });
          return answer(options.loginOrCreate ? options.loginOrCreate(email, opts) : Promise.resolve(SENT));
        },
      },
      authenticate(token, opts) {
        fake.calls.authenticate.push({ token, options: opts });
        return answer(
          options.authenticate ? options.authenticate(token, opts) : Promise.resolve(AUTHENTICATED),
        );
      },
    },
    otps: {
      email: { loginOrCreate: (recipient, opts) => sendOtp('email', recipient, opts) },
      sms: {
        loginOrCreate: (recipient, opts) => sendOtp('sms', recipient, opts),
        send(phoneNumber, opts) {
          fake.calls.smsSend.push({ phoneNumber, options: opts });
          const n = fake.calls.smsSend.length;
          return answer(
            options.smsSend ? options.smsSend(phoneNumber, n) : Promise.resolve(otpSent('sms', n)),
          );
        },
      },
      whatsapp: { loginOrCreate: (recipient, opts) => sendOtp('whatsapp', recipient, opts) },
      authenticate(code, methodId, opts) {
        fake.calls.otpAuthenticate.push({ code, methodId, options: opts });
        return answer(
          options.otpAuthenticate ? options.otpAuthenticate(code, methodId) : Promise.resolve(AUTHENTICATED),
        );
      },
    },
    passwords: {
      create: recorded('passwordCreate', () => Promise.resolve(AUTHENTICATED)),
      authenticate: recorded('passwordAuthenticate', () => Promise.resolve(AUTHENTICATED)),
      strengthCheck: recorded('strengthCheck', () => Promise.resolve(strength())),
      resetByEmailStart: recorded('resetStart', () => Promise.resolve({ status_code: 200 })),
      resetByEmail: recorded('resetByEmail', () => Promise.resolve(AUTHENTICATED)),
      resetByEmailLogin: recorded('resetByEmailLogin', () => Promise.resolve(AUTHENTICATED)),
      resetByEmailCheck: recorded('resetByEmailCheck', () => Promise.resolve(RESET_LINK_LIVE)),
    },
    users: {
      search(email) {
        fake.calls.search.push(email);
        return answer(options.search ? options.search(email) : Promise.resolve({ userType: 'new' as const }));
      },
    },
    oauth: {
      ...(Object.fromEntries(
        OAUTH_PROVIDER_TYPES.map((provider) => [
          provider,
          {
            start(opts?: WidgetOAuthStartOptions) {
              fake.calls.oauthStart.push({ provider, options: opts });
              return answer(
                options.oauthStart ? options.oauthStart(provider, opts) : Promise.resolve(undefined),
              );
            },
          },
        ]),
      ) as Omit<WidgetOAuth, 'googleOneTap'>),
      googleOneTap: {
        start(opts) {
          fake.calls.oneTapStart.push(opts);
          // By default the prompt shows and nobody acts on it: the start stays pending.
          return answer(options.oneTapStart ? options.oneTapStart(opts) : new Promise(() => {}));
        },
      },
    },
    webauthn: {
      register: recorded('webauthnRegister', () => Promise.resolve(PASSKEY_REGISTERED_RESULT)),
      authenticate(opts) {
        fake.calls.webauthnAuthenticate.push(opts);
        if (options.webauthnAuthenticate) return answer(options.webauthnAuthenticate(opts));
        if (!opts.conditionalMediation) return answer(Promise.resolve(PASSKEY_AUTHENTICATED_RESULT));
        return new Promise((_resolve, reject) => {
          const abort = () => reject(webauthnError('webauthn_aborted', 'The ceremony was aborted'));
          if (opts.signal?.aborted) abort();
          opts.signal?.addEventListener('abort', abort, { once: true });
        });
      },
      update: recorded('webauthnUpdate', () => Promise.resolve({ status_code: 200 })),
      browserSupportsAutofill() {
        fake.calls.browserSupportsAutofill++;
        return Promise.resolve(options.supportsAutofill ?? false);
      },
    },
    cryptoWallets: {
      authenticateStart(opts) {
        fake.calls.cryptoStart.push(opts);
        const n = fake.calls.cryptoStart.length;
        return answer(
          options.cryptoStart ? options.cryptoStart(opts, n) : Promise.resolve(cryptoChallenge(n)),
        );
      },
      authenticate: recorded('cryptoAuthenticate', () => Promise.resolve(CRYPTO_AUTHENTICATED_RESULT)),
    },
    totps: {
      create() {
        fake.calls.totpCreate++;
        return answer(options.totpCreate ? options.totpCreate() : Promise.resolve(TOTP_CREATED));
      },
      authenticate: recorded('totpAuthenticate', () => Promise.resolve(TOTP_AUTHENTICATED_RESULT)),
      recover: recorded('totpRecover', () => Promise.resolve(TOTP_AUTHENTICATED_RESULT)),
    },
    session: {
      getSync: () => session,
      onChange(callback) {
        sessionListeners.add(callback);
        return () => sessionListeners.delete(callback);
      },
    },
    user: {
      getSync: () => user,
      get() {
        fake.calls.userGet++;
        if (options.userGet) return options.userGet().then(wireUser);
        return user
          ? Promise.resolve(user)
          : Promise.reject(apiError('unauthorized_credentials', 'No session.', 401));
      },
      deleteWebauthnRegistration: recorded('deleteWebauthnRegistration', () =>
        Promise.resolve({ status_code: 200 }),
      ),
      onChange(callback) {
        userListeners.add(callback);
        return () => userListeners.delete(callback);
      },
    },
    telemetry: {
      logEvent(event) {
        fake.telemetryEvents.push(event);
      },
    },
    ...(options.floating === undefined ? {} : { floating: options.floating }),
    setUser(next) {
      user = next ? wireUser(next) : null;
      for (const listener of userListeners) listener(user);
    },
    setSession(next) {
      session = next ? wireSession(next) : null;
      for (const listener of sessionListeners) listener(session);
    },
  };
  return fake;
}
