import { describe, expect, vi } from 'vitest';
import { it } from '../testing/client-test.js';
import { apiError, createTestClient, ok, seedSignedIn } from '../testing/fakes.js';
import { authResponse, makeUser } from '../testing/wire-objects.js';

function signedIn() {
  return createTestClient({ signedIn: true });
}

describe('user.get', () => {
  it('reads the flat user, strips request_id/status_code, stores it and notifies', async () => {
    const { client, fetch } = signedIn();
    const fresh = makeUser({ name: { first_name: 'Grace', middle_name: '', last_name: 'Hopper' } });
    fetch.on('GET /users/me', ok({ request_id: 'r', status_code: 200, ...fresh }));
    const listener = vi.fn();
    client.user.onChange(listener);
    const user = await client.user.get();
    expect(fetch.calls('GET /users/me')[0]!.body).toBeUndefined();
    expect(user).toEqual(fresh);
    expect(client.user.getSync()).toEqual(fresh);
    expect(listener).toHaveBeenCalledWith(fresh);
  });
});

/** The update answer without __user: what the caller gets back. */
const UPDATE_ANSWER = {
  request_id: 'r',
  status_code: 200,
  user_id: 'user-test-1',
  emails: [],
  phone_numbers: [],
  crypto_wallets: [],
};

describe('user.update', () => {
  it('PUTs name and untrusted_metadata, stores __user, returns the rest', async () => {
    const { client, fetch } = signedIn();
    const updated = makeUser({ untrusted_metadata: { theme: 'dark' } });
    fetch.on('PUT /users/me', ok({ ...UPDATE_ANSWER, __user: updated }));
    const result = await client.user.update({
      name: { first_name: 'Ada' },
      untrustedMetadata: { theme: 'dark' },
    });
    expect(fetch.calls('PUT /users/me')[0]!.json).toEqual({
      name: { first_name: 'Ada' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(result).toEqual(UPDATE_ANSWER);
    expect(client.user.getSync()).toEqual(updated);
  });

  it('requires untrustedMetadata to be an object', async () => {
    const { client, fetch } = signedIn();
    await expect(
      client.user.update({ untrustedMetadata: 'x' as unknown as Record<string, unknown> }),
    ).rejects.toThrow('untrustedMetadata must be an object');
    expect(fetch.calls('PUT /users/me')).toHaveLength(0);
  });
});

/** Answers the DELETE with `without` as __user, removes the factor and checks what the client keeps. */
async function removeFactor(
  setup: ReturnType<typeof signedIn>,
  path: string,
  remove: () => Promise<unknown>,
  without: ReturnType<typeof makeUser>,
) {
  setup.fetch.on(
    `DELETE ${path}`,
    ok({ request_id: 'r', status_code: 200, user_id: 'user-test-1', __user: without }),
  );
  expect(await remove()).toEqual({ request_id: 'r', status_code: 200, user_id: 'user-test-1' });
  expect(setup.client.user.getSync()).toEqual(without);
}

describe('user factor removal', () => {
  it('DELETEs by id as-is and stores __user', async () => {
    const setup = signedIn();
    const { client } = setup;
    await removeFactor(
      setup,
      '/users/webauthn_registrations/webauthn-registration-test-1',
      () => client.user.deleteWebauthnRegistration('webauthn-registration-test-1'),
      makeUser({ webauthn_registrations: [] }),
    );
    await expect(client.user.deleteEmail(undefined as unknown as string)).rejects.toThrow(
      'emailId must be a string',
    );
  });
});

describe('user.deleteOAuthRegistration', () => {
  it('DELETEs /users/oauth/{id}, stores __user and passes a 404 on', async () => {
    const setup = signedIn();
    const { client, fetch } = setup;
    const without = makeUser({ providers: [] });
    await removeFactor(
      setup,
      '/users/oauth/oauth-user-registration-test-1',
      () => client.user.deleteOAuthRegistration('oauth-user-registration-test-1'),
      without,
    );
    fetch.on(
      'DELETE /users/oauth/oauth-user-registration-test-9',
      apiError(404, 'oauth_registration_not_found'),
    );
    await expect(client.user.deleteOAuthRegistration('oauth-user-registration-test-9')).rejects.toMatchObject(
      { code: 'oauth_registration_not_found', status: 404 },
    );
    expect(client.user.getSync()).toEqual(without);
  });
});

describe('sign-in user field', () => {
  it('is read from `user` for session refreshes', async () => {
    const { client, fetch } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    const fromUser = makeUser({ user_id: 'from-user' });
    fetch.on('POST /sessions/authenticate', ok({ ...authResponse(undefined, fromUser), __user: makeUser() }));
    await client.session.authenticate();
    expect(client.user.getSync()?.user_id).toBe('from-user');
  });
});
