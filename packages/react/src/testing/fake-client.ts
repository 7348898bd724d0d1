/** @module testing/fake-client — a recording stand-in for the client, for the widget's unit tests only. */
import type { OtpChannel } from '../machine/screen.js';
import type {
  MagicLinkLoginOrCreateOptions,
  OtpEmailLoginOrCreateOptions,
  WidgetBootstrap,
  WidgetClient,
  WidgetOtpSent,
  WidgetSession,
  WidgetTelemetryEvent,
  WidgetUser,
} from '../widget-client.js';

/** Behaviour a test can swap in. */
export interface FakeClientOptions {
  loginOrCreate?: (email: string, options?: MagicLinkLoginOrCreateOptions) => Promise<unknown>;
  authenticate?: (token: string, options: { sessionDurationMinutes: number }) => Promise<unknown>;
  /** Replaces every OTP send (email, sms, whatsapp); `n` counts the sends from 1. */
  otpSend?: (channel: OtpChannel, recipient: string, n: number) => Promise<WidgetOtpSent>;
  otpAuthenticate?: (code: string, methodId: string) => Promise<unknown>;
  bootstrap?: WidgetBootstrap;
  user?: WidgetUser | null;
  session?: WidgetSession | null;
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
  };
  telemetryEvents: WidgetTelemetryEvent[];
  setUser(user: WidgetUser | null): void;
  setSession(session: WidgetSession | null): void;
}

/** A magic-link send response as the provider returns it. */
export const SENT = {
  request_id: 'request-id-test-1',
  status_code: 200,
  user_id: 'user-test-1',
  email_id: 'email-1',
};

/** An authenticate response, trimmed to what the widget passes on. */
export const AUTHENTICATED = {
  request_id: 'request-id-test-2',
  status_code: 200,
  user_id: 'user-test-1',
  session_token: 'session-token',
  session_jwt: 'session-jwt',
};

/** An OTP send response as the provider returns it; the n-th send gets the method id ending in n. */
export function otpSent(channel: OtpChannel, n: number): WidgetOtpSent & Record<string, unknown> {
  const methodId = channel === 'email' ? `email-test-${n}` : `phone-number-test-${n}`;
  return {
    request_id: `request-id-test-otp-${n}`,
    status_code: 200,
    user_id: 'user-test-1',
    method_id: methodId,
    [channel === 'email' ? 'email_id' : 'phone_id']: methodId,
  };
}

/** An API error shaped like LatchkeyApiError (code, status, message). */
export function apiError(
  code: string,
  message: string,
  status = 400,
): Error & { code: string; status: number } {
  return Object.assign(new Error(message), { name: 'LatchkeyApiError', code, status });
}

/** Creates a fake whose calls succeed unless the options say otherwise. */
export function createFakeClient(options: FakeClientOptions = {}): FakeClient {
  let user = options.user ?? null;
  let session = options.session ?? null;
  const userListeners = new Set<(user: WidgetUser | null) => void>();
  const sessionListeners = new Set<(session: WidgetSession | null) => void>();
  const sendOtp = (
    channel: OtpChannel,
    recipient: string,
    opts: OtpEmailLoginOrCreateOptions | undefined,
  ): Promise<WidgetOtpSent> => {
    fake.calls.otpSend.push({ channel, recipient, options: opts });
    const n = fake.calls.otpSend.length;
    return options.otpSend ? options.otpSend(channel, recipient, n) : Promise.resolve(otpSent(channel, n));
  };
  const fake: FakeClient = {
    calls: { loginOrCreate: [], authenticate: [], otpSend: [], otpAuthenticate: [] },
    telemetryEvents: [],
    bootstrap: {
      getSync: () => options.bootstrap ?? { displayWatermark: true, emailDomains: ['latchkey.test'] },
      getAsync: async () => options.bootstrap ?? { displayWatermark: true, emailDomains: ['latchkey.test'] },
    },
    magicLinks: {
      email: {
        loginOrCreate(email, opts) {
          fake.calls.loginOrCreate.push({ email, options: opts });
          return options.loginOrCreate ? options.loginOrCreate(email, opts) : Promise.resolve(SENT);
        },
      },
      authenticate(token, opts) {
        fake.calls.authenticate.push({ token, options: opts });
        return options.authenticate ? options.authenticate(token, opts) : Promise.resolve(AUTHENTICATED);
      },
    },
    otps: {
      email: { loginOrCreate: (recipient, opts) => sendOtp('email', recipient, opts) },
      sms: { loginOrCreate: (recipient, opts) => sendOtp('sms', recipient, opts) },
      whatsapp: { loginOrCreate: (recipient, opts) => sendOtp('whatsapp', recipient, opts) },
      authenticate(code, methodId, opts) {
        fake.calls.otpAuthenticate.push({ code, methodId, options: opts });
        return options.otpAuthenticate
          ? options.otpAuthenticate(code, methodId)
          : Promise.resolve(AUTHENTICATED);
      },
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
      user = next;
      for (const listener of userListeners) listener(next);
    },
    setSession(next) {
      session = next;
      for (const listener of sessionListeners) listener(next);
    },
  };
  return fake;
}
