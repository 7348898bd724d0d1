import { createHash } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import {
  apiError,
  bareApiError,
  createTestClient,
  ok,
  PUBLIC_TOKEN,
  type RecordedRequest,
} from '../testing/fakes.js';
import { authResponse, makeSession, makeUser } from '../testing/wire-objects.js';
import { OAUTH_PROVIDER_TYPES, type OAuthStartOptions } from './oauth.js';

const OAUTH_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:oauth`;
const STALE_PAIR = JSON.stringify({ code_challenge: 'c-old', code_verifier: 'v-old' });

function startClient(bootstrap: Record<string, unknown> = {}) {
  const navigate = vi.fn<(url: string) => void>();
  const setup = createTestClient({
    navigate,
    random: (array) => crypto.getRandomValues(array),
    bootstrap,
  });
  return { ...setup, navigate };
}

/** The events of every `/events` batch sent so far. */
function sentEvents(requests: RecordedRequest[]) {
  return requests
    .filter((r) => r.url.endsWith('/sdk/v1/events'))
    .flatMap((r) => r.json as { event: Record<string, unknown> }[])
    .map((item) => item.event);
}

describe('oauth.{provider}.start', () => {
  it('navigates to the start route with the query in wire order, without PKCE, clearing a stored pair', async () => {
    const { client, navigate, storage } = startClient();
    storage.setItem(OAUTH_KEY, STALE_PAIR);
    await client.oauth.google.start({
      signup_redirect_url: 'http://localhost:4100/authenticate?signup=1',
      login_redirect_url: 'http://localhost:4100/authenticate',
      provider_params: { prompt: 'select_account', login_hint: 'ada@example.com' },
      custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly', 'openid'],
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toBe(
      'http://provider.test/v1/public/oauth/google/start' +
        `?public_token=${PUBLIC_TOKEN}` +
        '&custom_scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.readonly+openid' +
        '&provider_prompt=select_account&provider_login_hint=ada%40example.com' +
        '&login_redirect_url=http%3A%2F%2Flocalhost%3A4100%2Fauthenticate' +
        '&signup_redirect_url=http%3A%2F%2Flocalhost%3A4100%2Fauthenticate%3Fsignup%3D1',
    );
    expect(storage.getItem(OAUTH_KEY)).toBeNull();
  });

  it('sends only the public token when no options are given', async () => {
    const { client, navigate } = startClient();
    await client.oauth.github.start();
    expect(navigate).toHaveBeenCalledWith(
      `http://provider.test/v1/public/oauth/github/start?public_token=${PUBLIC_TOKEN}`,
    );
  });

  it('with PKCE required stores a new oauth pair for every start and sends its S256 challenge', async () => {
    const { client, navigate, storage } = startClient({ pkce_required_for_oauth: true });
    storage.setItem(OAUTH_KEY, STALE_PAIR);
    const challenges: string[] = [];
    for (let i = 0; i < 2; i++) {
      await client.oauth.microsoft.start({ login_redirect_url: 'https://app.example/cb' });
      const pair = JSON.parse(storage.getItem(OAUTH_KEY)!);
      expect(pair.code_challenge).toBe(createHash('sha256').update(pair.code_verifier).digest('base64url'));
      const url = new URL(navigate.mock.calls[i]![0]);
      expect([...url.searchParams.keys()]).toEqual(['public_token', 'code_challenge', 'login_redirect_url']);
      expect(url.searchParams.get('code_challenge')).toBe(pair.code_challenge);
      expect(url.searchParams.has('code_challenge_method')).toBe(false);
      challenges.push(pair.code_challenge);
    }
    expect(challenges[0]).not.toBe('c-old');
    expect(challenges[1]).not.toBe(challenges[0]);
  });

  it("starts at the project's CNAME domain when the bootstrap names one", async () => {
    const { client, navigate } = startClient({ cname_domain: 'login.example.com' });
    await client.oauth.apple.start();
    expect(navigate.mock.calls[0]![0]).toBe(
      `https://login.example.com/v1/public/oauth/apple/start?public_token=${PUBLIC_TOKEN}`,
    );
  });

  it('logs start_oauth_flow and sends it before navigating (the page is about to leave)', async () => {
    const { client, navigate, fetch } = startClient({ cname_domain: 'login.example.com' });
    const sentBeforeNavigating: RecordedRequest[][] = [];
    navigate.mockImplementation(() => sentBeforeNavigating.push([...fetch.requests]));
    await client.oauth.google.start({ custom_scopes: ['openid'], provider_params: { prompt: 'consent' } });
    const events = sentEvents(sentBeforeNavigating[0]!);
    expect(events.find((e) => e.event_name === 'start_oauth_flow')?.details).toEqual({
      provider_type: 'google',
      custom_scopes: ['openid'],
      cname_domain: 'login.example.com',
      pkce: false,
      provider_params: { prompt: 'consent' },
    });
    const eventsCall = fetch.mock.mock.calls.find(([url]) => String(url).endsWith('/events'));
    expect(eventsCall?.[1]?.keepalive).toBe(true);
  });

  it('offers start for every provider name of the wire', async () => {
    const { client, navigate } = startClient();
    expect(OAUTH_PROVIDER_TYPES).toHaveLength(19);
    for (const provider of OAUTH_PROVIDER_TYPES) {
      await client.oauth[provider].start();
      expect(new URL(navigate.mock.lastCall![0]).pathname).toBe(`/v1/public/oauth/${provider}/start`);
    }
  });

  it('checks its arguments, naming them, and neither navigates nor touches the stored pair', async () => {
    const { client, navigate, storage } = startClient();
    storage.setItem(OAUTH_KEY, STALE_PAIR);
    const bad: [unknown, string][] = [
      ['nope', 'options must be an object'],
      [{ login_redirect_url: 42 }, 'login_redirect_url must be a string'],
      [{ login_redirect_url: '/authenticate' }, 'login_redirect_url must be an absolute http(s) URL'],
      [{ signup_redirect_url: 'javascript:alert(1)' }, 'signup_redirect_url must be an absolute http(s) URL'],
      [{ custom_scopes: 'openid' }, 'custom_scopes must be an array of strings'],
      [{ custom_scopes: ['openid', 7] }, 'custom_scopes must be an array of strings'],
      [{ custom_scopes: ['openid email'] }, 'custom_scopes must hold scope names without spaces'],
      [{ provider_params: ['prompt'] }, 'provider_params must be an object'],
      [{ provider_params: { prompt: true } }, 'provider_params must be an object of strings'],
    ];
    for (const [options, message] of bad) {
      await expectArgumentError(client.oauth.google.start(options as OAuthStartOptions), { message });
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getItem(OAUTH_KEY)).toBe(STALE_PAIR);
  });
});

const OAUTH_EXTRAS = {
  provider_subject: 'google-subject-1',
  provider_type: 'google',
  profile_picture_url: 'https://example.com/ada.png',
  locale: 'en',
  provider_values: {
    access_token: 'at',
    id_token: 'idt',
    refresh_token: '',
    scopes: ['openid'],
    expires_at: null,
  },
};

describe('oauth.authenticate', () => {
  it('sends token, stored verifier and duration in wire order, signs in from __user and clears the pair', async () => {
    const { client, fetch, storage, cookies } = createTestClient();
    storage.setItem(OAUTH_KEY, STALE_PAIR);
    const fromInternalUser = makeUser({ user_id: 'user-from-internal' });
    fetch.on(
      'POST /oauth/authenticate',
      ok({
        ...authResponse(makeSession(), makeUser({ user_id: 'user-from-user' })),
        __user: fromInternalUser,
        ...OAUTH_EXTRAS,
      }),
    );
    const result = await client.oauth.authenticate('oauth-token', { session_duration_minutes: 60 });
    expect(fetch.calls('POST /oauth/authenticate')[0]!.body).toBe(
      '{"token":"oauth-token","code_verifier":"v-old","session_duration_minutes":60}',
    );
    expect('__user' in result).toBe(false);
    expect(result.provider_values.access_token).toBe('at');
    expect(result.provider_subject).toBe('google-subject-1');
    expect(client.user.getSync()).toEqual(fromInternalUser);
    expect(client.session.getSync()).toEqual(makeSession());
    expect(cookies.get()).toContain('stytch_session=session-token-1');
    expect(storage.getItem(OAUTH_KEY)).toBeNull();
    client.destroy();
    expect(sentEvents(fetch.requests).find((e) => e.event_name === 'oauth_success')?.details).toEqual({
      provider_type: 'google',
    });
  });

  it('sends no verifier when none is stored', async () => {
    const { client, fetch } = createTestClient();
    fetch.on('POST /oauth/authenticate', ok({ ...authResponse(), ...OAUTH_EXTRAS }));
    await client.oauth.authenticate('t', { session_duration_minutes: 30 });
    expect(fetch.calls('POST /oauth/authenticate')[0]!.json).toEqual({
      token: 't',
      session_duration_minutes: 30,
    });
  });

  it('adds the factor to a live session (signed in here) the same way', async () => {
    const { client, fetch } = createTestClient({ signedIn: true });
    const session = makeSession({
      authentication_factors: [
        { type: 'oauth', delivery_method: 'oauth_google', last_authenticated_at: '2030-01-01T00:00:00Z' },
      ],
    });
    fetch.on('POST /oauth/authenticate', ok({ ...authResponse(session), ...OAUTH_EXTRAS }));
    await client.oauth.authenticate('t', { session_duration_minutes: 30 });
    expect(fetch.calls('POST /oauth/authenticate')[0]!.headers.Authorization).toBe(
      `Basic ${btoa(`${PUBLIC_TOKEN}:session-token-0`)}`,
    );
    expect(client.session.getSync()?.authentication_factors).toHaveLength(1);
  });

  it('keeps the pair and the signed-out state on failure, and logs oauth_failure', async () => {
    const { client, fetch, storage } = createTestClient();
    storage.setItem(OAUTH_KEY, STALE_PAIR);
    fetch.on(
      'POST /oauth/authenticate',
      apiError(401, 'unable_to_auth_oauth_token', 'The sign-in link has expired.'),
    );
    await expectApiError(client.oauth.authenticate('t', { session_duration_minutes: 30 }), {
      code: 'unable_to_auth_oauth_token',
      status: 401,
      message: 'The sign-in link has expired.',
    });
    expect(storage.getItem(OAUTH_KEY)).toBe(STALE_PAIR);
    expect(client.session.getSync()).toBeNull();
    client.destroy();
    expect(sentEvents(fetch.requests).find((e) => e.event_name === 'oauth_failure')).toMatchObject({
      details: { error: 'The sign-in link has expired.' },
      error_code: 'unable_to_auth_oauth_token',
      http_status_code: 401,
    });
  });

  it('gives a provider error without a message the default text', async () => {
    const { client, fetch } = createTestClient();
    fetch.on('POST /oauth/authenticate', bareApiError(500, 'internal_server_error'));
    await expect(client.oauth.authenticate('t', { session_duration_minutes: 30 })).rejects.toMatchObject({
      code: 'internal_server_error',
      message: 'Failed to authenticate OAuth token.',
    });
  });

  it('requires a string token and session_duration_minutes as a number, before any request', async () => {
    const { client, fetch } = createTestClient();
    await expect(
      client.oauth.authenticate(undefined as unknown as string, { session_duration_minutes: 30 }),
    ).rejects.toThrow('token must be a string');
    await expect(
      client.oauth.authenticate('t', { session_duration_minutes: '30' as unknown as number }),
    ).rejects.toThrow('session_duration_minutes must be a number');
    expect(fetch.calls('POST /oauth/authenticate')).toHaveLength(0);
  });
});
