/** @module testing/fake-client — a recording stand-in for the client, for the widget's unit tests only. */
import type {
  MagicLinkLoginOrCreateOptions,
  WidgetBootstrap,
  WidgetClient,
  WidgetSession,
  WidgetTelemetryEvent,
  WidgetUser,
} from '../widget-client.js';

/** Behaviour a test can swap in. */
export interface FakeClientOptions {
  loginOrCreate?: (email: string, options?: MagicLinkLoginOrCreateOptions) => Promise<unknown>;
  authenticate?: (token: string, options: { sessionDurationMinutes: number }) => Promise<unknown>;
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
  const fake: FakeClient = {
    calls: { loginOrCreate: [], authenticate: [] },
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
