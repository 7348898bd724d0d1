/**
 * @module test/middleware-cases — latchkeyMiddleware's behaviour, registered by one test file per
 * runtime (edge-runtime and Node), so the same assertions hold on both.
 */
import { NextRequest } from 'next/server.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { latchkeyMiddleware } from '../src/latchkey-middleware.js';
import {
  type FakeProvider,
  givenFakeProvider,
  LIVE_TOKEN,
  PROJECT_ID,
  PROVIDER_URL,
  SECRET,
  SESSION_EXPIRES_AT,
} from './fake-provider.js';

const now = new Date('2030-01-01T00:30:00Z');
const sixMinutesAgo = new Date(now.getTime() - 6 * 60_000);

function requestTo(url: string, cookies: Record<string, string> = {}): NextRequest {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return new NextRequest(url, { headers: cookie ? { cookie } : {} });
}

/** The Set-Cookie lines of a response, by cookie name. */
function setCookies(response: Response): Map<string, string> {
  const lines = response.headers.getSetCookie();
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** A middleware that protects `protect` for the test project, with no secret: for what it decides without the provider. */
function protecting(protect: string[]): ReturnType<typeof latchkeyMiddleware> {
  return latchkeyMiddleware({ protect, providerUrl: PROVIDER_URL, projectId: PROJECT_ID });
}

export function registerMiddlewareCases(runtime: string): void {
  describe(`latchkeyMiddleware on ${runtime}`, () => {
    let provider: FakeProvider;
    let middleware: ReturnType<typeof latchkeyMiddleware>;
    /** The answer to `url` with an expired JWT and the live session token: a refresh is due. */
    async function withExpiredJwt(url = 'http://localhost:3000/dashboard') {
      const expired = await provider.jwtAt(sixMinutesAgo);
      const response = await middleware(
        requestTo(url, { stytch_session_jwt: expired, stytch_session: LIVE_TOKEN }),
      );
      return { expired, response };
    }

    beforeEach(async () => {
      provider = await givenFakeProvider(() => now);
      middleware = latchkeyMiddleware({
        protect: ['/dashboard', /^\/reports\//],
        ...provider.options,
      });
    });

    const serverApiCalls = () => provider.seen.filter((each) => !each.path.includes('/jwks/'));

    it('lets a request with a valid session JWT through without asking the provider anything but the JWKS', async () => {
      const jwt = await provider.jwtAt(now);
      const response = await middleware(
        requestTo('http://localhost:3000/dashboard', { stytch_session_jwt: jwt, stytch_session: LIVE_TOKEN }),
      );
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(serverApiCalls()).toEqual([]);
    });

    it('refreshes an expired JWT through the session token, for the browser and for this render', async () => {
      const { expired, response } = await withExpiredJwt();
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(serverApiCalls()).toEqual([
        {
          method: 'POST',
          path: '/v1/sessions/authenticate',
          authorization: `Basic ${btoa(`${PROJECT_ID}:${SECRET}`)}`,
          body: { session_token: LIVE_TOKEN },
        },
      ]);
      const cookies = setCookies(response);
      const expires = new Date(SESSION_EXPIRES_AT).toUTCString();
      // The browser SDK's attributes (wire/client-state.md): readable by page JavaScript, Lax, no Secure on localhost.
      expect(cookies.get('stytch_session')).toBe(
        `stytch_session=${LIVE_TOKEN}; Path=/; Expires=${expires}; SameSite=lax`,
      );
      const jwtCookie = cookies.get('stytch_session_jwt') ?? '';
      expect(jwtCookie).toMatch(/^stytch_session_jwt=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Expires=/);
      expect(jwtCookie).not.toContain(expired);
      // The server components of this request see the new JWT (Next's request-header override).
      const forwarded = response.headers.get('x-middleware-request-cookie') ?? '';
      expect(forwarded).toContain(`stytch_session_jwt=${jwtCookie.split(';')[0]?.split('=')[1]}`);
    });

    it('marks the cookies Secure on a host that is not loopback', async () => {
      const { response } = await withExpiredJwt('https://app.example.com/dashboard');
      for (const line of setCookies(response).values()) expect(line).toMatch(/; Secure;/);
    });

    it('sends a signed-out visitor of a protected page to sign in, naming the page to return to', async () => {
      const response = await middleware(requestTo('http://localhost:3000/dashboard/settings?tab=1'));
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(
        'http://localhost:3000/sign-in?return_to=%2Fdashboard%2Fsettings%3Ftab%3D1',
      );
      expect(provider.seen).toEqual([]);
    });

    it('answers 401 JSON on a protected API route', async () => {
      const api = protecting(['/api/private']);
      const response = await api(requestTo('http://localhost:3000/api/private/data'));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error_type: 'session_not_found' });
    });

    it('covers a path and what is below it, not a longer name beside it, and tests regular expressions', async () => {
      expect(
        (await middleware(requestTo('http://localhost:3000/dashboards'))).headers.get('x-middleware-next'),
      ).toBe('1');
      expect((await middleware(requestTo('http://localhost:3000/reports/2030'))).status).toBe(307);
      expect((await middleware(requestTo('http://localhost:3000/'))).headers.get('x-middleware-next')).toBe(
        '1',
      );
    });

    it('clears the cookies of a session the provider says is over, and keeps the visitor out', async () => {
      provider.live = false;
      const { response } = await withExpiredJwt();
      expect(response.status).toBe(307);
      const cookies = setCookies(response);
      expect(cookies.get('stytch_session')).toMatch(/^stytch_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
      expect(cookies.get('stytch_session_jwt')).toMatch(
        /^stytch_session_jwt=; Path=\/; Expires=Thu, 01 Jan 1970/,
      );
    });

    it('keeps the visitor out but the cookies in place when the provider cannot be reached (fail closed)', async () => {
      provider.unreachable = true;
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { response } = await withExpiredJwt();
      expect(response.status).toBe(307);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(logged.mock.calls[0]?.[0]).toMatch(/could not be refreshed/);
      logged.mockRestore();
    });

    it('refuses a JWT signed by a key the project does not publish', async () => {
      const forged = await provider.forgedJwt(now);
      const response = await middleware(
        requestTo('http://localhost:3000/dashboard', { stytch_session_jwt: forged }),
      );
      expect(response.status).toBe(307);
      expect(serverApiCalls()).toEqual([]);
    });

    it('leaves the sign-in page itself reachable even when a matcher covers it', async () => {
      const everything = protecting(['/']);
      const response = await everything(requestTo('http://localhost:3000/sign-in'));
      expect(response.headers.get('x-middleware-next')).toBe('1');
    });
  });
}
