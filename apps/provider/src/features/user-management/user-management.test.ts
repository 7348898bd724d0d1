/** Issue 20: `/v1/users…` with the project secret — create, get, search, update, delete, remove a factor. */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { sdkGet } from '../../../test/sdk-call.js';
import { browserSessionCheck, devProjectAuthorization } from '../../../test/server-api-calls.js';
import { basic, json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';

const ctx = useTestContext();

/** Every event published from here on. */
function recordEvents(): DomainEvent[] {
  const heard: DomainEvent[] = [];
  ctx.app.domainEvents.subscribe('*', async (_db, event) => {
    heard.push(event);
  });
  return heard;
}
const heard = (() => {
  let events: DomainEvent[] | undefined;
  return () => {
    events ??= recordEvents();
    return events;
  };
})();

const TABLES = ['users', 'emails', 'phone_numbers', 'sessions'] as const;

describe('POST /v1/users', () => {
  it('creates an active user with email, phone, name and metadata, answering the ids and the browser user object', async () => {
    heard();
    const body = await givenServerUser(ctx, {
      email: 'Create@Example.com',
      phone_number: '+14155550101',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(body).toMatchObject({
      status_code: 200,
      request_id: expect.any(String),
      user_id: expect.stringMatching(/^user-test-/),
      email_id: expect.stringMatching(/^email-test-/),
      phone_id: expect.stringMatching(/^phone-number-test-/),
      status: 'active',
    });
    expect(body.user).toMatchObject({
      user_id: body.user_id,
      status: 'active',
      name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
      emails: [{ email_id: body.email_id, email: 'create@example.com', verified: false }],
      phone_numbers: [{ phone_id: body.phone_id, phone_number: '+14155550101', verified: false }],
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
      password: null,
    });
    const event = heard().find((e) => e.type === 'user.created' && e.data.user_id === body.user_id);
    expect(event).toMatchObject({
      actor: { type: 'project', id: ctx.dev.project_id },
      projectId: ctx.dev.project_id,
    });
  });

  it('create_user_as_pending makes a pending user; an email alone is enough', async () => {
    const body = await givenServerUser(ctx, { email: 'pending@example.com', create_user_as_pending: true });
    expect([body.status, body.user.status, body.phone_id]).toEqual(['pending', 'pending', '']);
  });

  it('bad input → 400 naming the field, nothing created', async () => {
    await givenServerUser(ctx, { email: 'taken@example.com', phone_number: '+14155550102' });
    const before = await rowCounts(ctx, TABLES);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'invalid_request', '.email'],
      [{ email: 'not-an-address' }, 'invalid_request', '.email'],
      [{ phone_number: '12' }, 'invalid_request', '.phone_number'],
      [{ email: 'a@example.com', trusted_metadata: [1] }, 'invalid_request', '.trusted_metadata'],
      [{ email: 'a@example.com', nickname: 'x' }, 'invalid_request', '.nickname'],
      [
        { email: 'a@example.com', untrusted_metadata: { big: 'x'.repeat(17_000) } },
        'invalid_request',
        '.untrusted_metadata',
      ],
    ];
    for (const [payload, type, field] of cases) {
      const response = await usersApi(ctx, 'POST', '/v1/users', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).error_type).toBe(type);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(
        field.slice(1),
      );
    }
    const duplicate = await usersApi(ctx, 'POST', '/v1/users', { email: 'TAKEN@example.com' });
    expect(statusAndErrorType(duplicate)).toEqual([400, 'duplicate_email']);
    const phone = await usersApi(ctx, 'POST', '/v1/users', {
      email: 'new@example.com',
      phone_number: '+14155550102',
    });
    expect(statusAndErrorType(phone)).toEqual([400, 'duplicate_phone_number']);
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
  });
});

describe('GET /v1/users/{user_id}', () => {
  it('answers the user fields flat: those of GET /sdk/v1/users/me, and the server-only ones', async () => {
    const signedIn = await givenSignedInUser(ctx, 'get@example.com');
    const response = await usersApi(ctx, 'GET', `/v1/users/${signedIn.user_id}`);
    expect(response.statusCode).toBe(200);
    const { status_code, request_id, ...user } = json(response);
    expect(status_code).toBe(200);
    const me = await sdkGet(ctx, '/users/me', { sessionToken: signedIn.session_token });
    const { status_code: _s, request_id: _r, ...browserUser } = json(me).data;
    expect(user).toEqual({
      ...browserUser,
      external_id: null,
      roles: [],
      is_locked: false,
      lock_created_at: null,
      lock_expires_at: null,
    });
  });

  it('unknown user, or a user of another project → 404 user_not_found', async () => {
    const other = await ctx.givenProject({});
    const theirs = await usersApi(
      ctx,
      'POST',
      '/v1/users',
      { email: 'theirs@example.com' },
      basic(other.project_id, other.secret),
    );
    for (const id of ['user-test-00000000-0000-4000-8000-000000000000', json(theirs).user_id]) {
      const response = await usersApi(ctx, 'GET', `/v1/users/${id}`);
      expect(statusAndErrorType(response)).toEqual([404, 'user_not_found']);
    }
  });
});

describe('PUT /v1/users/{user_id}', () => {
  it('changes the name, merges both metadata objects (null removes a key) and the status; announces before/after', async () => {
    const created = await givenServerUser(ctx, {
      email: 'update@example.com',
      trusted_metadata: { plan: 'free', keep: 1 },
      untrusted_metadata: { theme: 'dark' },
    });
    const response = await usersApi(ctx, 'PUT', `/v1/users/${created.user_id}`, {
      name: { first_name: 'Grace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: null, lang: 'en' },
      status: 'pending',
    });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ status_code: 200, user_id: created.user_id, emails: created.user.emails });
    expect(body.user).toMatchObject({
      status: 'pending',
      name: { first_name: 'Grace', middle_name: '', last_name: '' },
      trusted_metadata: { plan: 'pro', keep: 1 },
      untrusted_metadata: { lang: 'en' },
    });
    const event = heard().find((e) => e.type === 'user.updated' && e.data.user_id === created.user_id);
    expect(event?.changes).toEqual({
      before: {
        name: { first_name: '', middle_name: '', last_name: '' },
        trusted_metadata: { plan: 'free', keep: 1 },
        untrusted_metadata: { theme: 'dark' },
        status: 'active',
      },
      after: {
        name: { first_name: 'Grace', middle_name: '', last_name: '' },
        trusted_metadata: { plan: 'pro', keep: 1 },
        untrusted_metadata: { lang: 'en' },
        status: 'pending',
      },
    });
  });

  it('bad input → 400 naming the field, nothing changed; unknown user → 404', async () => {
    const created = await givenServerUser(ctx, {
      email: 'update-bad@example.com',
      trusted_metadata: { a: 1 },
    });
    for (const [payload, field] of [
      [{ status: 'deleted' }, 'status'],
      [{ trusted_metadata: 'x' }, 'trusted_metadata'],
      [{ email: 'x@example.com' }, 'email'],
      [{ name: { first_name: 'A', nick: 'b' } }, 'nick'],
      [{ name: { first_name: 'ok' }, trusted_metadata: { big: 'x'.repeat(17_000) } }, 'trusted_metadata'],
    ] as const) {
      const response = await usersApi(ctx, 'PUT', `/v1/users/${created.user_id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(field);
    }
    const now = json(await usersApi(ctx, 'GET', `/v1/users/${created.user_id}`));
    expect([now.name.first_name, now.trusted_metadata]).toEqual(['', { a: 1 }]);
    const missing = await usersApi(ctx, 'PUT', '/v1/users/user-test-00000000-0000-4000-8000-000000000000', {
      status: 'active',
    });
    expect(statusAndErrorType(missing)).toEqual([404, 'user_not_found']);
  });
});

describe('PUT /sdk/v1/users/me', () => {
  it('refuses trusted_metadata with 400 naming it, and changes nothing (not even the other fields)', async () => {
    const signedIn = await givenSignedInUser(ctx, 'me-trusted@example.com');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/sdk/v1/users/me',
      headers: sdkHeaders(ctx.dev.public_token, signedIn.session_token),
      payload: { name: { first_name: 'Mallory' }, trusted_metadata: { role: 'admin' } },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      error_type: 'invalid_request',
      body: [{ dataPath: '.trusted_metadata' }],
    });
    const user = json(await usersApi(ctx, 'GET', `/v1/users/${signedIn.user_id}`));
    expect([user.name.first_name, user.trusted_metadata]).toEqual(['', {}]);
  });
});

describe('DELETE /v1/users/{user_id}', () => {
  it('erases the user: 200 with the id, then 404; the session token (browser and server API) and JWT (server API) are refused at once', async () => {
    const signedIn = await givenSignedInUser(ctx, 'delete@example.com');
    const check = (url: string, payload: Record<string, unknown>, authorization: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization, 'content-type': 'application/json' },
        payload,
      });
    const secret = devProjectAuthorization(ctx);
    const sdk = sdkHeaders(ctx.dev.public_token, signedIn.session_token).authorization as string;
    // Answered (and cached) before the delete.
    expect((await check('/sdk/v1/sessions/authenticate', {}, sdk)).statusCode).toBe(200);
    expect(
      (await check('/v1/sessions/authenticate', { session_jwt: signedIn.session_jwt }, secret)).statusCode,
    ).toBe(200);

    const response = await usersApi(ctx, 'DELETE', `/v1/users/${signedIn.user_id}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ status_code: 200, user_id: signedIn.user_id });
    expect(
      heard().find((e) => e.type === 'user.deleted' && e.data.user_id === signedIn.user_id)?.data,
    ).toMatchObject({
      emails: [{ email: 'delete@example.com' }],
    });

    for (const [url, payload, authorization] of [
      ['/sdk/v1/sessions/authenticate', {}, sdk],
      ['/v1/sessions/authenticate', { session_token: signedIn.session_token }, secret],
      ['/v1/sessions/authenticate', { session_jwt: signedIn.session_jwt }, secret],
    ] as const) {
      const refused = await check(url, payload, authorization);
      expect(statusAndErrorType(refused), `${url} ${Object.keys(payload)}`).toEqual([
        404,
        'session_not_found',
      ]);
    }
    const again = await usersApi(ctx, 'DELETE', `/v1/users/${signedIn.user_id}`);
    expect(statusAndErrorType(again)).toEqual([404, 'user_not_found']);
    expect((await usersApi(ctx, 'GET', `/v1/users/${signedIn.user_id}`)).statusCode).toBe(404);
  });
});

describe('DELETE /v1/users/{factor}/{id}', () => {
  it('removes an email and a phone number by id, answers whose and the user now, and ends their sessions (SECURITY B9)', async () => {
    const created = await givenServerUser(ctx, { email: 'factor@example.com', phone_number: '+14155550103' });
    const signedIn = await givenSignedInUser(ctx, 'factor@example.com');
    const phone = await usersApi(ctx, 'DELETE', `/v1/users/phone_numbers/${created.phone_id}`);
    expect(phone.statusCode).toBe(200);
    expect(json(phone)).toMatchObject({ user_id: created.user_id, user: { phone_numbers: [] } });
    expect(
      heard().find((e) => e.type === 'factor.removed' && e.data.phone_id === created.phone_id)?.data,
    ).toMatchObject({
      user_id: created.user_id,
      factor_type: 'phone_numbers',
      phone_number: '+14155550103',
    });
    const session = await browserSessionCheck(ctx, signedIn.session_token);
    expect(session.statusCode).toBe(404);
    const email = await usersApi(ctx, 'DELETE', `/v1/users/emails/${created.email_id}`);
    expect(json(email).user.emails).toEqual([]);
  });

  it("an unknown id, or another project's, → 404 with the factor's error; nothing removed", async () => {
    const other = await ctx.givenProject({});
    const theirs = json(
      await usersApi(
        ctx,
        'POST',
        '/v1/users',
        { email: 'other-factor@example.com' },
        basic(other.project_id, other.secret),
      ),
    );
    const before = await rowCounts(ctx, TABLES);
    for (const [path, type] of [
      [`emails/${theirs.email_id}`, 'email_not_found'],
      ['phone_numbers/phone-number-test-x', 'phone_number_not_found'],
      ['webauthn_registrations/x', 'webauthn_registration_not_found'],
      ['totps/x', 'totp_not_found'],
      ['crypto_wallets/x', 'crypto_wallet_not_found'],
      ['oauth/x', 'oauth_registration_not_found'],
      ['passwords/x', 'password_not_found'],
    ]) {
      const response = await usersApi(ctx, 'DELETE', `/v1/users/${path}`);
      expect(statusAndErrorType(response), path).toEqual([404, type]);
    }
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
  });
});

describe('credentials on /v1/users', () => {
  it('a public token or a session token (as Basic secret, or Bearer) → 403, nothing read or changed', async () => {
    const signedIn = await givenSignedInUser(ctx, 'creds@example.com');
    const before = await rowCounts(ctx, TABLES);
    for (const [authorization, type] of [
      [basic(ctx.dev.public_token, ctx.dev.public_token), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, ctx.dev.public_token), 'public_token_forbidden'],
      [basic(ctx.dev.public_token, signedIn.session_token), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_jwt}`, 'session_token_forbidden'],
      [`Bearer ${signedIn.session_token}`, 'session_token_forbidden'],
    ]) {
      for (const [method, path, payload] of [
        ['GET', `/v1/users/${signedIn.user_id}`, undefined],
        ['DELETE', `/v1/users/${signedIn.user_id}`, undefined],
        ['POST', '/v1/users', { email: 'x@example.com' }],
        ['PUT', `/v1/users/${signedIn.user_id}`, { trusted_metadata: { admin: true } }],
      ] as const) {
        const response = await usersApi(ctx, method, path, payload, authorization as string);
        expect(statusAndErrorType(response), `${method} ${authorization}`).toEqual([403, type]);
      }
    }
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
    const wrong = await usersApi(
      ctx,
      'GET',
      `/v1/users/${signedIn.user_id}`,
      undefined,
      basic(ctx.dev.project_id, `${ctx.dev.secret}x`),
    );
    expect(statusAndErrorType(wrong)).toEqual([401, 'invalid_secret_authentication']);
  });
});
