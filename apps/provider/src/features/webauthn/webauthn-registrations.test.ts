/** Renaming and removing passkeys, and passkeys in every User object. */
import { describe, expect, it } from 'vitest';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { countRowsMatching } from '../../../test/row-counts.js';
import { sdkGet, sdkPost } from '../../../test/sdk-call.js';
import { json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  assertionFor,
  type Caller,
  callWebauthn,
  devCaller,
  finishSignIn,
  givenPasskeyUser,
  registerWith,
  registrationRow,
  webauthnState,
} from '../../../test/webauthn-helpers.js';

const ctx = useTestContext();

const rename = (caller: Caller, id: string, name: unknown) =>
  callWebauthn(ctx, caller, `/webauthn/update/${id}`, { name }, 'PUT');
const remove = (caller: Caller, id: string) =>
  callWebauthn(ctx, caller, `/users/webauthn_registrations/${id}`, undefined, 'DELETE');
const refresh = (sessionToken: string) => sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken });

describe('PUT /webauthn/update/{webauthn_registration_id}', () => {
  it('renames the passkey (trimmed) and returns it', async () => {
    const user = await givenPasskeyUser(ctx, 'rename@example.com');
    const response = await rename(user.caller, user.registrationId, '  Work laptop 💻  ');
    expect(response.statusCode).toBe(200);
    expect(json(response).data.webauthn_registration).toEqual({
      webauthn_registration_id: user.registrationId,
      domain: 'localhost',
      user_agent: 'lightMyRequest',
      authenticator_type: '',
      verified: true,
      name: 'Work laptop 💻',
      created_at: expect.any(String),
      last_authenticated_at: null,
    });
    const me = await sdkGet(ctx, '/users/me', { sessionToken: user.session_token });
    expect(json(me).data.webauthn_registrations[0].name).toBe('Work laptop 💻');
  });

  it('accepts 100 characters (code points), and refuses empty, longer or multi-line names with 400', async () => {
    const user = await givenPasskeyUser(ctx, 'names@example.com');
    expect((await rename(user.caller, user.registrationId, '🔑'.repeat(100))).statusCode).toBe(200);
    const cases: Array<[unknown, string]> = [
      ['', 'invalid_request'],
      ['   ', 'invalid_request'],
      ['x'.repeat(101), 'invalid_request'],
      ['line\nbreak', 'invalid_request'],
      ['bell\u0007', 'invalid_request'],
      ['sep\u2028arator', 'invalid_request'],
      ['\ud800 lone surrogate', 'invalid_request'],
      [42, 'invalid_request'],
      [null, 'invalid_request'],
    ];
    for (const [name, type] of cases) {
      const response = await rename(user.caller, user.registrationId, name);
      expect(statusAndErrorType(response), JSON.stringify(name)).toEqual([400, type]);
    }
    const long = await rename(user.caller, user.registrationId, 'x'.repeat(101));
    expect(json(long).error_message).toBe('The passkey name can be at most 100 characters long.');
    expect(json(long).body).toBeUndefined();
    expect((await registrationRow(ctx, user.registrationId)).name).toBe('🔑'.repeat(100));
  });

  it('answers another user’s or an unknown id with 404 webauthn_registration_not_found, changing nothing', async () => {
    const owner = await givenPasskeyUser(ctx, 'rename-owner@example.com');
    const other = await givenPasskeyUser(ctx, 'rename-other@example.com');
    const before = await webauthnState(ctx);
    for (const id of [
      owner.registrationId,
      'webauthn-registration-test-00000000-0000-0000-0000-000000000000',
      'x',
    ]) {
      const response = await rename(other.caller, id, 'Mine now');
      expect(statusAndErrorType(response)).toEqual([404, 'webauthn_registration_not_found']);
    }
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('needs a session', async () => {
    const user = await givenPasskeyUser(ctx, 'rename-anon@example.com');
    const response = await rename(devCaller(ctx), user.registrationId, 'x');
    expect(statusAndErrorType(response)).toEqual([401, 'user_unauthenticated']);
  });
});

describe('DELETE /users/webauthn_registrations/{webauthn_registration_id}', () => {
  it('removes the passkey, revokes the user’s other sessions and keeps the current one (B9)', async () => {
    const user = await givenPasskeyUser(ctx, 'remove@example.com');
    const otherSession = json(
      await finishSignIn(ctx, devCaller(ctx), await assertionFor(ctx, user.authenticator)),
    ).data.session_token as string;
    const stranger = await givenPasskeyUser(ctx, 'bystander@example.com');
    const response = await remove(user.caller, user.registrationId);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(user.user_id);
    expect(data.__user.user_id).toBe(user.user_id);
    expect(data.__user.webauthn_registrations).toEqual([]);
    expect(await countRowsMatching(ctx, 'webauthn_registrations', { id: user.registrationId })).toBe(0);
    // The current session lives; the other one is revoked; other users are untouched.
    expect((await refresh(user.session_token)).statusCode).toBe(200);
    const revoked = await refresh(otherSession);
    expect(statusAndErrorType(revoked)).toEqual([404, 'session_not_found']);
    expect((await refresh(stranger.session_token)).statusCode).toBe(200);
    // The removed credential no longer signs in.
    const signIn = await finishSignIn(ctx, devCaller(ctx), await assertionFor(ctx, user.authenticator));
    expect(statusAndErrorType(signIn)).toEqual([404, 'webauthn_registration_not_found']);
  });

  it('answers another user’s or an unknown id with 404, revoking nothing', async () => {
    const owner = await givenPasskeyUser(ctx, 'remove-owner@example.com');
    const other = await givenPasskeyUser(ctx, 'remove-other@example.com');
    const before = await webauthnState(ctx);
    for (const id of [owner.registrationId, 'webauthn-registration-test-nope']) {
      const response = await remove(other.caller, id);
      expect(statusAndErrorType(response)).toEqual([404, 'webauthn_registration_not_found']);
    }
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('needs a session', async () => {
    const user = await givenPasskeyUser(ctx, 'remove-anon@example.com');
    const none = await remove(devCaller(ctx), user.registrationId);
    expect(statusAndErrorType(none)).toEqual([401, 'user_unauthenticated']);
    const unknown = await remove(devCaller(ctx, 'y'.repeat(43)), user.registrationId);
    expect(statusAndErrorType(unknown)).toEqual([404, 'session_not_found']);
  });
});

describe('User.webauthn_registrations', () => {
  it('is in GET /users/me, /sessions/authenticate and every sign-in’s user and __user', async () => {
    const created = await givenPasswordUser(ctx, 'everywhere@example.com');
    const caller = devCaller(ctx, created.session_token);
    const registered = await registerWith(
      ctx,
      caller,
      new VirtualAuthenticator({ attachment: 'cross-platform' }),
    );
    const expected = json(registered).data.user.webauthn_registrations;
    expect(expected).toEqual([
      expect.objectContaining({ authenticator_type: 'cross-platform', verified: true, name: 'Passkey' }),
    ]);
    const me = await sdkGet(ctx, '/users/me', { sessionToken: created.session_token });
    expect(json(me).data.webauthn_registrations).toEqual(expected);
    const refreshed = json(await refresh(created.session_token)).data;
    expect(refreshed.user.webauthn_registrations).toEqual(expected);
    const login = json(
      await postPasswords(ctx, '/passwords/authenticate', {
        email: 'everywhere@example.com',
        password: STRONG_PASSWORD,
      }),
    ).data;
    expect(login.user.webauthn_registrations).toEqual(expected);
    expect(login.__user.webauthn_registrations).toEqual(expected);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/sdk/v1/users/me',
      headers: sdkHeaders(ctx.dev.public_token, created.session_token),
      payload: { name: { first_name: 'Ada' } },
    });
    expect(json(updated).data.__user.webauthn_registrations).toEqual(expected);
  });
});
