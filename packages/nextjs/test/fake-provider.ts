/**
 * @module test/fake-provider — the provider as @latchkey/nextjs's unit tests see it: a `fetch` that
 * answers the JWKS and the server API calls the package makes, in-process (no socket), so the same
 * tests run under the edge runtime and Node. The e2e (nextjs-example.spec.ts) runs the real provider.
 */
import {
  givenSigningKey,
  sessionClaims,
  signJwt,
  type TestSigningKey,
} from '../../node/test/helpers/session-jwt-factory.js';

export const PROJECT_ID = 'project-test-00000000-0000-4000-8000-00000000000a';
export const SECRET = 'secret-test-nextjsnextjsnextjsnextjsnextjsnextjsnex';
export const PROVIDER_URL = 'http://provider.test';
/** The session the fake knows; its token is `live-token`. */
export const LIVE_TOKEN = 'live-token';
export const SESSION_EXPIRES_AT = '2030-01-01T01:00:00.000Z';

/** One request the fake saw. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: Record<string, unknown> | null;
}

export interface FakeProvider {
  fetch: typeof fetch;
  /** The @latchkey/nextjs options that point at this fake, on the fake's clock. */
  options: {
    providerUrl: string;
    projectId: string;
    secret: string;
    fetch: typeof fetch;
    clock: { now(): Date };
  };
  seen: SeenRequest[];
  /** Whether the session of `live-token` still exists (revoke it to see 404 session_not_found). */
  live: boolean;
  /** When true every call fails as a network error would. */
  unreachable: boolean;
  /** A session JWT signed by the project's key at `at` (5-minute lifetime). */
  jwtAt(at: Date, overrides?: Record<string, unknown>): Promise<string>;
  /** A JWT signed by a key the JWKS does not publish. */
  forgedJwt(at: Date): Promise<string>;
}

const user = {
  user_id: 'user-test-0001',
  emails: [{ email_id: 'email-test-0001', email: 'alice@example.com', verified: true }],
  name: { first_name: '', middle_name: '', last_name: '' },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A provider whose clock is `now()`: fresh JWTs are issued at that moment. */
export async function givenFakeProvider(now: () => Date): Promise<FakeProvider> {
  const key: TestSigningKey = await givenSigningKey('key-nextjs-1');
  const stranger = await givenSigningKey('key-nextjs-1');
  const session = (sessionJwt: string) => ({
    status_code: 200,
    request_id: 'request-id-test-nextjs',
    session: {
      session_id: 'session-test-0001',
      user_id: user.user_id,
      started_at: '2030-01-01T00:00:00Z',
      last_accessed_at: now().toISOString(),
      expires_at: SESSION_EXPIRES_AT,
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: [],
    },
    session_token: LIVE_TOKEN,
    session_jwt: sessionJwt,
    user,
    user_id: user.user_id,
  });
  const fake: FakeProvider = {
    get options() {
      return {
        providerUrl: PROVIDER_URL,
        projectId: PROJECT_ID,
        secret: SECRET,
        fetch: fake.fetch,
        clock: { now },
      };
    },
    seen: [],
    live: true,
    unreachable: false,
    jwtAt: (at, overrides) => signJwt(key, sessionClaims(PROJECT_ID, at, overrides)),
    forgedJwt: (at) => signJwt(stranger, sessionClaims(PROJECT_ID, at)),
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const method = init?.method ?? 'GET';
      const authorization = new Headers(init?.headers).get('authorization');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      fake.seen.push({ method, path: url.pathname, authorization, body });
      if (fake.unreachable) throw new TypeError('fetch failed');
      if (url.pathname === `/v1/sessions/jwks/${PROJECT_ID}`) return json(200, { keys: [key.publicJwk] });
      const fresh = await fake.jwtAt(now());
      const over = { status_code: 404, error_type: 'session_not_found', error_message: 'Session not found.' };
      if (url.pathname === '/v1/sessions/authenticate') {
        return fake.live && body?.session_token === LIVE_TOKEN ? json(200, session(fresh)) : json(404, over);
      }
      if (url.pathname === '/v1/magic_links/authenticate' || url.pathname === '/v1/oauth/authenticate') {
        const type = url.pathname.includes('oauth') ? 'oauth_token' : 'magic_link';
        return body?.token === 'good-token'
          ? json(200, {
              ...session(fresh),
              method_id: 'email-test-0001',
              oauth_user_registration_id: 'oauth-user-test-0001',
              provider_type: 'Google',
            })
          : json(401, { status_code: 401, error_type: `unable_to_auth_${type}`, error_message: 'Used.' });
      }
      if (url.pathname === `/v1/users/${user.user_id}`)
        return json(200, { status_code: 200, request_id: 'r', ...user });
      return json(404, { status_code: 404, error_type: 'not_found', error_message: url.pathname });
    },
  };
  return fake;
}
