/** GET and PUT /sdk/v1/users/me. */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { json, sdkHeaders } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

/** The users row of `id`, as stored. */
const storedUser = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const me = (method: 'GET' | 'PUT', sessionToken?: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: '/sdk/v1/users/me',
    headers: sdkHeaders(ctx.dev.public_token, sessionToken),
    ...(payload ? { payload } : {}),
  });

describe('GET /sdk/v1/users/me', () => {
  it('returns every User field flat in data', async () => {
    const signedIn = await givenSignedInUser(ctx, 'me@example.com');
    const response = await me('GET', signedIn.session_token);
    expect(response.statusCode).toBe(200);
    const { request_id, status_code, ...user } = json(response).data;
    expect(status_code).toBe(200);
    expect(request_id).toEqual(expect.any(String));
    expect(user).toEqual(signedIn.user);
    expect(Object.keys(user).sort()).toEqual(
      [
        'biometric_registrations',
        'created_at',
        'crypto_wallets',
        'emails',
        'name',
        'password',
        'phone_numbers',
        'providers',
        'status',
        'totps',
        'trusted_metadata',
        'untrusted_metadata',
        'user_id',
        'webauthn_registrations',
      ].sort(),
    );
  });

  it('without a session token → 401 user_unauthenticated', async () => {
    const response = await me('GET');
    expect(response.statusCode).toBe(401);
    expect(json(response).error_type).toBe('user_unauthenticated');
  });
});

describe('PUT /sdk/v1/users/me', () => {
  it('updates name parts and merges untrusted_metadata; returns user_id, emails, … and __user', async () => {
    const signedIn = await givenSignedInUser(ctx, 'update@example.com');
    const first = await me('PUT', signedIn.session_token, {
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      untrusted_metadata: { theme: 'dark', drop: 1 },
    });
    expect(first.statusCode).toBe(200);
    const second = await me('PUT', signedIn.session_token, {
      name: { middle_name: 'King' },
      untrusted_metadata: { drop: null, lang: 'en' },
    });
    const { data } = json(second);
    expect(data.user_id).toBe(signedIn.user_id);
    expect(data.emails).toEqual(signedIn.user.emails);
    expect(data.phone_numbers).toEqual([]);
    expect(data.crypto_wallets).toEqual([]);
    expect(data.__user.name).toEqual({ first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' });
    expect(data.__user.untrusted_metadata).toEqual({ theme: 'dark', lang: 'en' });
    const stored = await storedUser(signedIn.user_id);
    expect(stored.first_name).toBe('Ada');
    expect(stored.untrusted_metadata).toEqual({ theme: 'dark', lang: 'en' });
  });

  it('rejects non-object metadata and control characters in names, changing nothing', async () => {
    const signedIn = await givenSignedInUser(ctx, 'bad-update@example.com');
    for (const payload of [
      { untrusted_metadata: 'x' },
      { untrusted_metadata: [1] },
      { name: { first_name: 'a\nb' } },
    ]) {
      const response = await me('PUT', signedIn.session_token, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
    }
    const stored = await storedUser(signedIn.user_id);
    expect(stored.first_name).toBe('');
    expect(stored.untrusted_metadata).toEqual({});
  });

  it('cannot touch trusted_metadata: 400 naming it (issue 20), nothing stored', async () => {
    const signedIn = await givenSignedInUser(ctx, 'trusted@example.com');
    const response = await me('PUT', signedIn.session_token, { trusted_metadata: { role: 'admin' } });
    expect(response.statusCode).toBe(400);
    expect(json(response).body).toEqual([{ dataPath: '.trusted_metadata', message: expect.any(String) }]);
    expect(json(await me('GET', signedIn.session_token)).data.trusted_metadata).toEqual({});
  });
});
