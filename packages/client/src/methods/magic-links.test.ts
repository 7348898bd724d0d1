import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { it } from '../testing/client-test.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import { expectSignedInAs } from '../testing/expect-signed-in.js';
import {
  apiError,
  createTestClient,
  destroyTestClients,
  ok,
  PUBLIC_TOKEN,
  seedSignedIn,
} from '../testing/fakes.js';
import { authResponse, makeSession, STORED_USER, withInternalUser } from '../testing/wire-objects.js';

const ML_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:magic_links`;
const PW_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:passwords`;
const SEND = { request_id: 'r', status_code: 200, user_id: 'user-test-1', email_id: 'email-test-1' };

/** A client holding both stored verifiers, whose provider accepts only `verifier` (else pkce_mismatch). */
function bothVerifiersStored(verifier: 'v-pw' | 'v-ml') {
  const setup = createTestClient();
  setup.storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c-pw', code_verifier: 'v-pw' }));
  setup.storage.setItem(ML_KEY, JSON.stringify({ code_challenge: 'c-ml', code_verifier: 'v-ml' }));
  setup.fetch.on('POST /magic_links/authenticate', (request) =>
    (request.json as { code_verifier: string }).code_verifier === verifier
      ? ok(authResponse())
      : apiError(400, 'pkce_mismatch', 'The code verifier does not match.'),
  );
  return setup;
}

function withPkce(on: boolean) {
  return createTestClient({
    bootstrap: { pkce_required_for_email_magic_links: on },
    prepare(setup) {
      setup.fetch.on('POST /magic_links/email/login_or_create', ok(SEND));
      setup.fetch.on('POST /magic_links/email/send/primary', ok(SEND));
      setup.fetch.on('POST /magic_links/email/send/secondary', ok(SEND));
    },
  });
}

describe('magicLinks.email.loginOrCreate', () => {
  it('sends the options in wire order, then the email, without a challenge when PKCE is off', async () => {
    const { client, fetch } = withPkce(false);
    const result = await client.magicLinks.email.loginOrCreate('ada@example.com', {
      loginMagicLinkURL: 'http://localhost:4100/authenticate',
      signupMagicLinkURL: 'http://localhost:4100/authenticate?signup=1',
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 60,
      locale: 'en',
    });
    expect(result).toEqual(SEND);
    const [request] = fetch.calls('POST /magic_links/email/login_or_create');
    expect(request!.body).toBe(
      '{"login_magic_link_url":"http://localhost:4100/authenticate",' +
        '"signup_magic_link_url":"http://localhost:4100/authenticate?signup=1",' +
        '"login_expiration_minutes":30,"signup_expiration_minutes":60,"locale":"en","email":"ada@example.com"}',
    );
  });

  it('adds the stored magic_links challenge when PKCE is required, reusing it across sends', async () => {
    const { client, fetch, storage } = withPkce(true);
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const pair = JSON.parse(storage.getItem(ML_KEY)!);
    const bodies = fetch.calls('POST /magic_links/email/login_or_create').map((r) => r.json);
    expect(bodies).toEqual([
      { email: 'ada@example.com', code_challenge: pair.code_challenge },
      { email: 'ada@example.com', code_challenge: pair.code_challenge },
    ]);
    expect(pair.code_challenge).toBe(createHash('sha256').update(pair.code_verifier).digest('base64url'));
  });

  it('checks its arguments, naming them', async () => {
    const { client, fetch } = withPkce(false);
    await expect(client.magicLinks.email.loginOrCreate(42 as unknown as string)).rejects.toThrow(
      'email must be a string',
    );
    await expect(client.magicLinks.email.loginOrCreate('not-an-email')).rejects.toThrow(
      'email must be a valid email address',
    );
    await expect(
      client.magicLinks.email.loginOrCreate('ada@example.com', {
        loginExpirationMinutes: '30' as unknown as number,
      }),
    ).rejects.toThrow(expect.objectContaining({ argument: 'loginExpirationMinutes' }));
    expect(fetch.calls('POST /magic_links/email/login_or_create')).toHaveLength(0);
  });
});

describe('magicLinks.email.send', () => {
  it('uses /primary when signed out and /secondary when signed in', async () => {
    const signedOut = withPkce(false);
    await signedOut.client.magicLinks.email.send('ada@example.com');
    expect(signedOut.fetch.calls('POST /magic_links/email/send/primary')).toHaveLength(1);
    destroyTestClients();
    const signedIn = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on('POST /sessions/authenticate', ok(authResponse()));
        setup.fetch.on('POST /magic_links/email/send/secondary', ok(SEND));
      },
    });
    await signedIn.client.magicLinks.email.send('second@example.com');
    const [request] = signedIn.fetch.calls('POST /magic_links/email/send/secondary');
    expect(request!.json).toEqual({ email: 'second@example.com' });
  });
});

describe('magicLinks.authenticate', () => {
  it('signs in: cookies, state from `user`, result without __user; IST cleared', async () => {
    const { client, fetch, cookies, storage } = createTestClient();
    fetch.on('POST /magic_links/authenticate', ok(withInternalUser()));
    cookies.set('stytch_intermediate_session_token=ist; Path=/');
    const result = await client.magicLinks.authenticate('link-token', { sessionDurationMinutes: 60 });
    expect(fetch.calls('POST /magic_links/authenticate')[0]!.body).toBe(
      '{"session_duration_minutes":60,"token":"link-token"}',
    );
    expect('__user' in result).toBe(false);
    expect(result.session_token).toBe('session-token-1');
    expectSignedInAs({ client, cookies, storage }, STORED_USER);
  });

  it('sends the stored magic_links verifier and clears it after success', async () => {
    const { client, fetch, storage } = withPkce(true);
    fetch.on('POST /magic_links/authenticate', ok(authResponse()));
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const pair = JSON.parse(storage.getItem(ML_KEY)!);
    await client.magicLinks.authenticate('link-token', { sessionDurationMinutes: 60 });
    expect(fetch.calls('POST /magic_links/authenticate')[0]!.json).toEqual({
      code_verifier: pair.code_verifier,
      session_duration_minutes: 60,
      token: 'link-token',
    });
    expect(storage.getItem(ML_KEY)).toBeNull();
  });

  it('tries the password-reset verifier first and retries with the magic_links one on a pkce error', async () => {
    const { client, fetch, storage } = bothVerifiersStored('v-ml');
    await client.magicLinks.authenticate('link-token', { sessionDurationMinutes: 60 });
    const verifiers = fetch
      .calls('POST /magic_links/authenticate')
      .map((r) => (r.json as { code_verifier: string }).code_verifier);
    expect(verifiers).toEqual(['v-pw', 'v-ml']);
    expect(storage.getItem(ML_KEY)).toBeNull();
    expect(storage.getItem(PW_KEY)).not.toBeNull();
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('redeems a password-reset token (the reset form\'s "log in without a password") with the reset verifier', async () => {
    const { client, fetch, storage } = createTestClient();
    storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c-pw', code_verifier: 'v-pw' }));
    fetch.on('POST /magic_links/authenticate', ok(authResponse()));
    await client.magicLinks.authenticate('reset-token', { sessionDurationMinutes: 30 });
    expect(fetch.calls('POST /magic_links/authenticate').map((r) => r.json)).toEqual([
      { code_verifier: 'v-pw', session_duration_minutes: 30, token: 'reset-token' },
    ]);
    expect(storage.getItem(PW_KEY)).toBeNull();
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('with both pairs stored, a reset token succeeds on the first try and only the reset pair is cleared', async () => {
    const { client, fetch, storage } = bothVerifiersStored('v-pw');
    await client.magicLinks.authenticate('reset-token', { sessionDurationMinutes: 30 });
    expect(fetch.calls('POST /magic_links/authenticate')).toHaveLength(1);
    expect(storage.getItem(PW_KEY)).toBeNull();
    expect(storage.getItem(ML_KEY)).not.toBeNull();
  });

  it('does not retry on other errors and keeps the stored pairs', async () => {
    const { client, fetch, storage } = createTestClient();
    storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c-pw', code_verifier: 'v-pw' }));
    fetch.on('POST /magic_links/authenticate', apiError(401, 'unable_to_auth_magic_link'));
    await expect(client.magicLinks.authenticate('t', { sessionDurationMinutes: 60 })).rejects.toMatchObject({
      code: 'unable_to_auth_magic_link',
    });
    expect(fetch.calls('POST /magic_links/authenticate')).toHaveLength(1);
    expect(storage.getItem(PW_KEY)).not.toBeNull();
    expect(client.session.getSync()).toBeNull();
  });

  it('stores only the intermediate token when the response has no session', async () => {
    const { client, fetch, cookies } = createTestClient({ signedIn: true });
    fetch.on(
      'POST /magic_links/authenticate',
      ok({ request_id: 'r', status_code: 200, intermediate_session_token: 'ist-9' }),
    );
    await client.magicLinks.authenticate('t', { sessionDurationMinutes: 60 });
    expect(cookies.get()).toBe('stytch_intermediate_session_token=ist-9');
    expect(client.session.getSync()).toBeNull();
  });

  it('requires sessionDurationMinutes as a number', async () => {
    const { client } = createTestClient();
    const error = await expectArgumentError(
      client.magicLinks.authenticate('t', { sessionDurationMinutes: '60' as unknown as number }),
    );
    expect(String(error)).toBe('LatchkeyArgumentError: sessionDurationMinutes must be a number');
  });
});
