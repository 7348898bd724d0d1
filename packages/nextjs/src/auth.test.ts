/** auth() and currentUser() read the request's cookies through next/headers and verify the JWT locally. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeProvider, givenFakeProvider, LIVE_TOKEN, PROJECT_ID } from '../test/fake-provider.js';

const jar = new Map<string, string>();
vi.mock('next/headers.js', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
  }),
}));
const { auth } = await import('./auth.js');
const { currentUser } = await import('./current-user.js');

const now = new Date('2030-01-01T00:30:00Z');

describe('auth() and currentUser()', () => {
  let provider: FakeProvider;
  let options: Parameters<typeof auth>[0];
  beforeEach(async () => {
    jar.clear();
    provider = await givenFakeProvider(() => now);
    options = provider.options;
  });

  it('answers nulls without cookies, and asks the provider nothing', async () => {
    expect(await auth(options)).toEqual({ userId: null, sessionId: null, session: null, claims: null });
    expect(await currentUser(options)).toBeNull();
    expect(provider.seen).toEqual([]);
  });

  it('answers the user and session of a valid JWT from the JWKS alone', async () => {
    jar.set('stytch_session_jwt', await provider.jwtAt(now));
    const signedIn = await auth(options);
    expect(signedIn).toMatchObject({ userId: 'user-test-0001', sessionId: 'session-test-0001' });
    expect(signedIn).not.toHaveProperty('user');
    expect(provider.seen.map((each) => each.path)).toEqual([`/v1/sessions/jwks/${PROJECT_ID}`]);
  });

  it('reads the current user from the server API', async () => {
    jar.set('stytch_session_jwt', await provider.jwtAt(now));
    expect(await currentUser(options)).toMatchObject({
      user_id: 'user-test-0001',
      emails: [{ email: 'alice@example.com' }],
    });
    expect(provider.seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/users/user-test-0001' });
  });

  it('checks an expired JWT through the session token, and is signed out when the provider says the session is over', async () => {
    jar.set('stytch_session_jwt', await provider.jwtAt(new Date(now.getTime() - 6 * 60_000)));
    jar.set('stytch_session', LIVE_TOKEN);
    expect(await auth(options)).toMatchObject({
      userId: 'user-test-0001',
      user: { user_id: 'user-test-0001' },
    });
    provider.live = false;
    expect((await auth(options)).userId).toBeNull();
  });
});
