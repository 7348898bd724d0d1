import { describe, expect, it } from 'vitest';
import { makeUser } from '../../wire/test/fixtures/user.js';
import { onlyProjectRequest, providerError, useFakeServerApi } from '../test/helpers/fake-server-api.js';

const api = useFakeServerApi();
const { givenProvider } = api;

const user = makeUser();
const common = { status_code: 200, request_id: 'request-id-test-0001' };

const onlyRequest = () => onlyProjectRequest(api);

describe('users', () => {
  it('create POSTs the request to /v1/users and returns the flat answer', async () => {
    const answer = {
      ...common,
      user_id: user.user_id,
      email_id: 'email-test-1',
      phone_id: '',
      status: 'active',
      user,
    };
    const client = givenProvider(200, answer);
    const request = {
      email: 'ada@example.com',
      trusted_metadata: { plan: 'pro' },
      create_user_as_pending: true,
    };
    expect(await client.users.create(request)).toEqual(answer);
    expect(onlyRequest()).toEqual({ method: 'POST', path: '/v1/users', body: request });
  });

  it('get GETs /v1/users/{user_id} with the id encoded and no body', async () => {
    const client = givenProvider(200, { ...common, ...user });
    expect(await client.users.get('user-test-1')).toEqual({ ...common, ...user });
    expect(onlyRequest()).toEqual({ method: 'GET', path: '/v1/users/user-test-1', body: undefined });
    api.server.requests.length = 0;
    await client.users.get('a/../b?c');
    expect(onlyRequest().path).toBe('/v1/users/a%2F..%2Fb%3Fc');
  });

  it('search POSTs the query, limit and cursor to /v1/users/search', async () => {
    const answer = { ...common, results: [user], results_metadata: { total: 1, next_cursor: null } };
    const client = givenProvider(200, answer);
    const request = {
      limit: 10,
      cursor: 'abc',
      query: {
        operator: 'AND' as const,
        operands: [{ filter_name: 'status' as const, filter_value: 'active' as const }],
      },
    };
    expect(await client.users.search(request)).toEqual(answer);
    expect(onlyRequest()).toEqual({ method: 'POST', path: '/v1/users/search', body: request });
    api.server.requests.length = 0;
    await client.users.search();
    expect(onlyRequest().body).toEqual({});
  });

  it('update PUTs the changes to /v1/users/{user_id}', async () => {
    const answer = {
      ...common,
      user_id: user.user_id,
      emails: user.emails,
      phone_numbers: [],
      crypto_wallets: [],
      user,
    };
    const client = givenProvider(200, answer);
    expect(await client.users.update('user-test-1', { untrusted_metadata: { theme: null } })).toEqual(answer);
    expect(onlyRequest()).toEqual({
      method: 'PUT',
      path: '/v1/users/user-test-1',
      body: { untrusted_metadata: { theme: null } },
    });
  });

  it('delete DELETEs /v1/users/{user_id}', async () => {
    const client = givenProvider(200, { ...common, user_id: user.user_id });
    expect(await client.users.delete('user-test-1')).toEqual({ ...common, user_id: user.user_id });
    expect(onlyRequest()).toEqual({ method: 'DELETE', path: '/v1/users/user-test-1', body: undefined });
  });

  it.each([
    ['deleteEmail', '/v1/users/emails/x-1'],
    ['deletePhoneNumber', '/v1/users/phone_numbers/x-1'],
    ['deleteWebAuthnRegistration', '/v1/users/webauthn_registrations/x-1'],
    ['deleteTOTP', '/v1/users/totps/x-1'],
    ['deleteCryptoWallet', '/v1/users/crypto_wallets/x-1'],
    ['deleteOAuthRegistration', '/v1/users/oauth/x-1'],
    ['deletePassword', '/v1/users/passwords/x-1'],
  ] as const)('%s DELETEs %s and returns whose it was with the user', async (method, path) => {
    const answer = { ...common, user_id: user.user_id, user };
    const client = givenProvider(200, answer);
    expect(await client.users[method]('x-1')).toEqual(answer);
    expect(onlyRequest()).toEqual({ method: 'DELETE', path, body: undefined });
  });

  it('an empty id is refused before any request; a provider error becomes LatchkeyServerError with its code', async () => {
    const notFound = providerError('user_not_found');
    const client = givenProvider(notFound.status, notFound.body);
    await expect(client.users.get('')).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(client.users.deleteEmail('')).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(api.server.requests).toHaveLength(0);
    await expect(client.users.delete('user-test-nope')).rejects.toMatchObject(notFound.thrown);
  });

  it('without a secret every call is refused before any request', async () => {
    const client = givenProvider(200, {}, { secret: undefined });
    await expect(client.users.get('user-test-1')).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(api.server.requests).toHaveLength(0);
  });
});
