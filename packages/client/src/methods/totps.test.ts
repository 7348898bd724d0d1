/** client.totps and user.deleteTOTP: paths, bodies in wire order, and which user object is stored. */
import { describe, expect } from 'vitest';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import { apiError, createTestClient, ok, PUBLIC_TOKEN } from '../testing/fakes.js';
import { authResponse, makeSession, makeUser } from '../testing/wire-objects.js';
import type { User } from '../wire-types.js';

const TOTP_ID = 'totp-test-1111';
const CREATED = {
  request_id: 'request-id-test-totp',
  status_code: 200,
  user_id: 'user-test-1',
  totp_id: TOTP_ID,
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  recovery_codes: ['abcd-efgh-ijkl', 'mnop-qrst-uvwx'],
};

function signedIn() {
  return createTestClient({ signedIn: true });
}

describe('totps.create', () => {
  it('POSTs expiration_minutes, stores __user as is and returns the rest', async () => {
    const { client, fetch } = signedIn();
    // "As is": even envelope fields inside __user stay (endpoints.md, TOTP).
    const withTotp = { ...makeUser({ totps: [] }), request_id: 'inner' } as User;
    fetch.on('POST /totps', ok({ ...CREATED, __user: withTotp }));
    const result = await client.totps.create({ expiration_minutes: 10 });
    const [request] = fetch.calls('POST /totps');
    expect(request!.url).toBe('http://provider.test/sdk/v1/totps');
    expect(request!.body).toBe('{"expiration_minutes":10}');
    expect(result).toEqual(CREATED);
    expect(client.user.getSync()).toEqual(withTotp);
  });

  it('sends an empty object without options, and keeps the user when __user is missing', async () => {
    const { client, fetch } = signedIn();
    fetch.on('POST /totps', ok(CREATED));
    await client.totps.create();
    expect(fetch.calls('POST /totps')[0]!.body).toBe('{}');
    expect(client.user.getSync()).toEqual(makeUser());
  });

  it('stores no user during a pending multi-factor sign-in (no session yet)', async () => {
    const { client, fetch } = createTestClient({
      prepare: (setup) => setup.cookies.set('stytch_intermediate_session_token=ist-1; Path=/'),
    });
    fetch.on('POST /totps', ok({ ...CREATED, __user: makeUser() }));
    await client.totps.create();
    expect(atob(fetch.calls('POST /totps')[0]!.headers.Authorization!.slice(6))).toBe(
      `${PUBLIC_TOKEN}:ist-1`,
    );
    expect(client.user.getSync()).toBeNull();
    expect(client.session.getSync()).toBeNull();
  });

  it('rejects a non-number expiration before any request', async () => {
    const { client, fetch } = signedIn();
    await expectArgumentError(client.totps.create({ expiration_minutes: '5' as unknown as number }), {
      argument: 'expiration_minutes',
    });
    expect(fetch.calls('POST /totps')).toHaveLength(0);
  });
});

describe('totps.authenticate and totps.recover', () => {
  const fromInternal = makeUser({
    user_id: 'user-from-__user',
    totps: [{ totp_id: TOTP_ID, verified: true }],
  });
  const signInData = { ...authResponse(makeSession(), makeUser()), __user: fromInternal, totp_id: TOTP_ID };

  it('authenticate: duration then code, signs in with the user from __user', async () => {
    const { client, fetch, cookies } = createTestClient();
    fetch.on('POST /totps/authenticate', ok(signInData));
    const result = await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
    expect(fetch.calls('POST /totps/authenticate')[0]!.body).toBe(
      '{"session_duration_minutes":60,"totp_code":"123456"}',
    );
    expect(result.totp_id).toBe(TOTP_ID);
    expect('__user' in result).toBe(false);
    expect(client.user.getSync()).toEqual(fromInternal);
    expect(client.session.getSync()).toEqual(makeSession());
    expect(cookies.get()).toContain('stytch_session=session-token-1');
  });

  it('recover: duration then recovery code, signs in the same way', async () => {
    const { client, fetch } = createTestClient();
    fetch.on('POST /totps/recover', ok(signInData));
    const result = await client.totps.recover({
      recovery_code: 'abcd-efgh-ijkl',
      session_duration_minutes: 30,
    });
    expect(fetch.calls('POST /totps/recover')[0]!.body).toBe(
      '{"session_duration_minutes":30,"recovery_code":"abcd-efgh-ijkl"}',
    );
    expect(result.totp_id).toBe(TOTP_ID);
    expect(client.user.getSync()).toEqual(fromInternal);
    expect(client.session.getTokens()?.session_token).toBe('session-token-1');
  });

  it('passes the provider error through and changes nothing', async () => {
    const { client, fetch } = createTestClient();
    fetch.on('POST /totps/authenticate', apiError(401, 'invalid_totp_code'));
    await expectApiError(client.totps.authenticate({ totp_code: '000000', session_duration_minutes: 60 }), {
      code: 'invalid_totp_code',
      status: 401,
    });
    expect(client.session.getSync()).toBeNull();
  });

  it('checks the code and the duration before any request', async () => {
    const { client, fetch } = createTestClient();
    const cases = [
      [() => client.totps.authenticate({ totp_code: '', session_duration_minutes: 60 }), 'totp_code'],
      [
        () => client.totps.recover({ recovery_code: 'x', session_duration_minutes: 0 }),
        'session_duration_minutes',
      ],
      [
        () =>
          client.totps.recover(
            undefined as unknown as { recovery_code: string; session_duration_minutes: number },
          ),
        'recovery_code',
      ],
    ] as const;
    for (const [call, argument] of cases) {
      await expectArgumentError(call(), { argument });
    }
    expect(fetch.requests.filter((r) => r.url.includes('/totps'))).toHaveLength(0);
  });
});

describe('totps.recoveryCodes', () => {
  it('POSTs without a body and resolves the answer unchanged', async () => {
    const { client, fetch } = signedIn();
    const answer = {
      request_id: 'r',
      status_code: 200,
      user_id: 'user-test-1',
      totps: { totp_id: TOTP_ID, verified: true, recovery_codes: ['aaaa-bbbb-cccc'] },
    };
    fetch.on('POST /totps/recovery_codes', ok(answer));
    expect(await client.totps.recoveryCodes()).toEqual(answer);
    const [request] = fetch.calls('POST /totps/recovery_codes');
    expect(request!.body).toBeUndefined();
    expect(request!.headers['Content-Type']).toBe('application/json');
    expect(client.user.getSync()).toEqual(makeUser());
  });
});

describe('user.deleteTOTP', () => {
  it('DELETEs /users/totps/{id}, stores __user and returns the rest', async () => {
    const { client, fetch } = signedIn();
    const without = makeUser({ totps: [] });
    fetch.on(
      `DELETE /users/totps/${TOTP_ID}`,
      ok({ request_id: 'r', status_code: 200, user_id: 'user-test-1', __user: without }),
    );
    const result = await client.user.deleteTOTP(TOTP_ID);
    expect(fetch.calls(`DELETE /users/totps/${TOTP_ID}`)[0]!.body).toBeUndefined();
    expect(result).toEqual({ request_id: 'r', status_code: 200, user_id: 'user-test-1' });
    expect(client.user.getSync()).toEqual(without);
    expect(client.user.deleteTotp).toBe(client.user.deleteTOTP);
  });
});
