/** Signing in with a passkey: /webauthn/authenticate/start/{primary,secondary} and /webauthn/authenticate. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../../../test/captured-logger.js';
import { givenSignedInUser, signInTo } from '../../../test/magic-link-helpers.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { type CeremonyTweaks, VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  assertionFor,
  devCaller,
  finishSignIn,
  givenPasskeyUser,
  givenProductionLikeProject,
  optionsOf,
  PAGE_ORIGIN,
  registerWith,
  registrationRow,
  startRegistration,
  startSignIn,
  webauthnState,
} from '../../../test/webauthn-helpers.js';
import { VERIFICATION_MESSAGES } from './webauthn-errors.js';
import { CEREMONY_TIMEOUT_MS } from './webauthn-policy.js';

/** Log lines of the app, to see the counter risk signal. */
const { logger, lines: logLines } = capturedLogger('warn');
const ctx = useTestContext({ logger });

/**
 * Finishing the sign-in with `assertion` as `caller` is refused: 401 webauthn_verification_failed
 * with `message`, and nothing changes.
 */
async function expectSignInRefused(
  caller: Parameters<typeof finishSignIn>[1],
  assertion: Parameters<typeof finishSignIn>[2],
  message: string | RegExp,
) {
  const before = await webauthnState(ctx);
  const response = await finishSignIn(ctx, caller, assertion);
  expect(statusAndErrorType(response)).toEqual([401, 'webauthn_verification_failed']);
  if (typeof message === 'string') expect(json(response).error_message).toBe(message);
  else expect(json(response).error_message).toMatch(message);
  expect(await webauthnState(ctx)).toEqual(before);
}

describe('POST /webauthn/authenticate/start/primary', () => {
  it('returns request options without allowCredentials, as a JSON string', async () => {
    const response = await startSignIn(ctx, devCaller(ctx), 'primary');
    expect(response.statusCode).toBe(200);
    const options = JSON.parse(json(response).data.public_key_credential_request_options);
    expect(options).toEqual({
      rpId: 'localhost',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 300000,
      userVerification: 'preferred',
    });
    const passkey = JSON.parse(
      optionsOf(
        await startSignIn(ctx, devCaller(ctx), 'primary', { return_passkey_credential_options: true }),
      ),
    );
    expect(passkey.userVerification).toBe('required');
  });

  it('refuses a domain the project does not accept, storing nothing', async () => {
    const before = await webauthnState(ctx);
    const response = await startSignIn(ctx, devCaller(ctx), 'primary', { domain: 'example.com' });
    expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
    expect(json(response).error_message).toContain('example.com');
    expect(await webauthnState(ctx)).toEqual(before);
  });
});

describe('challenge storage', () => {
  it('stores only the challenge’s hash, and sweeps expired challenges when new ones are issued', async () => {
    const options = JSON.parse(optionsOf(await startSignIn(ctx, devCaller(ctx), 'primary')));
    const rows = await ctx.db.selectFrom('webauthn_challenges').select('challenge_hash').execute();
    expect(rows.map((r) => r.challenge_hash)).not.toContain(options.challenge);
    expect(rows.map((r) => r.challenge_hash)).toContain(
      createHash('sha256').update(options.challenge).digest('base64url'),
    );
    ctx.clock.advance(CEREMONY_TIMEOUT_MS + 61_000);
    await startSignIn(ctx, devCaller(ctx), 'primary');
    const expired = await ctx.db
      .selectFrom('webauthn_challenges')
      .select('challenge_hash')
      .where('expires_at', '<=', ctx.clock.now())
      .execute();
    expect(expired).toEqual([]);
    expect((await webauthnState(ctx)).counts.webauthn_challenges).toBe(1);
  });
});

describe('primary sign-in', () => {
  it('makes a new session with a webauthn factor and stores the counter', async () => {
    const user = await givenPasskeyUser(ctx, 'primary@example.com');
    const assertion = await assertionFor(ctx, user.authenticator);
    const response = await finishSignIn(ctx, devCaller(ctx), assertion, { session_duration_minutes: 30 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(user.user_id);
    expect(data.webauthn_registration_id).toBe(user.registrationId);
    expect(data.session_token).not.toBe(user.session_token);
    expect(data.session.session_id).not.toBe(user.session.session_id);
    expect(data.session.expires_at).toBe(new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString());
    expect(data.session.authentication_factors).toEqual([
      {
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        last_authenticated_at: ctx.clock.now().toISOString(),
        // Registered without a user_agent in the body: the request's User-Agent header (light-my-request's).
        webauthn_factor: {
          webauthn_registration_id: user.registrationId,
          domain: 'localhost',
          user_agent: 'lightMyRequest',
        },
      },
    ]);
    expect(data.__user).toEqual(data.user);
    expect(data.user.webauthn_registrations).toEqual([
      expect.objectContaining({
        webauthn_registration_id: user.registrationId,
        last_authenticated_at: ctx.clock.now().toISOString(),
      }),
    ]);
    expect(await registrationRow(ctx, user.registrationId)).toMatchObject({
      sign_count: 1,
      last_authenticated_at: ctx.clock.now(),
    });
    // The new session works.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/sdk/v1/users/me',
      headers: { ...devHeaders(data.session_token) },
    });
    expect(json(me).data.webauthn_registrations).toEqual(data.user.webauthn_registrations);
  });

  it('accepts an assertion without userHandle', async () => {
    const user = await givenPasskeyUser(ctx, 'no-handle@example.com');
    const response = await finishSignIn(
      ctx,
      devCaller(ctx),
      await assertionFor(ctx, user.authenticator, { userHandle: null }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown credential with 404 webauthn_registration_not_found', async () => {
    const signedIn = await givenSignedInUser(ctx, 'unregistered@example.com');
    const authenticator = new VirtualAuthenticator();
    // The authenticator holds a credential the provider never stored.
    authenticator.create(
      optionsOf(await startRegistration(ctx, devCaller(ctx, signedIn.session_token))),
      PAGE_ORIGIN,
    );
    const assertion = await assertionFor(ctx, authenticator);
    const before = await webauthnState(ctx);
    const response = await finishSignIn(ctx, devCaller(ctx), assertion);
    expect(statusAndErrorType(response)).toEqual([404, 'webauthn_registration_not_found']);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('lets one assertion through once: a replay is refused and changes nothing', async () => {
    const user = await givenPasskeyUser(ctx, 'replay@example.com');
    const assertion = await assertionFor(ctx, user.authenticator);
    expect((await finishSignIn(ctx, devCaller(ctx), assertion)).statusCode).toBe(200);
    await expectSignInRefused(devCaller(ctx), assertion, VERIFICATION_MESSAGES.challenge);
  });

  it('lets exactly one of two concurrent assertions for one challenge through', async () => {
    const user = await givenPasskeyUser(ctx, 'concurrent@example.com');
    const assertion = await assertionFor(ctx, user.authenticator);
    const sessionsBefore = (await webauthnState(ctx)).counts.sessions;
    const responses = await Promise.all([
      finishSignIn(ctx, devCaller(ctx), assertion),
      finishSignIn(ctx, devCaller(ctx), assertion),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await webauthnState(ctx)).counts.sessions).toBe(sessionsBefore + 1);
  });

  it('uses a challenge only within its 5 minutes (B5: TTL−1 s passes, TTL+1 s fails)', async () => {
    const user = await givenPasskeyUser(ctx, 'expiry@example.com');
    const inTime = await assertionFor(ctx, user.authenticator);
    ctx.clock.advance(CEREMONY_TIMEOUT_MS - 1000);
    expect((await finishSignIn(ctx, devCaller(ctx), inTime)).statusCode).toBe(200);
    const late = await assertionFor(ctx, user.authenticator);
    ctx.clock.advance(CEREMONY_TIMEOUT_MS + 1000);
    await expectSignInRefused(devCaller(ctx), late, VERIFICATION_MESSAGES.challenge);
  });

  it('refuses a challenge issued for registration', async () => {
    const user = await givenPasskeyUser(ctx, 'ceremony@example.com');
    const creation = JSON.parse(optionsOf(await startRegistration(ctx, user.caller)));
    const request = JSON.parse(optionsOf(await startSignIn(ctx, devCaller(ctx), 'primary')));
    const assertion = user.authenticator.get(
      JSON.stringify({ ...request, challenge: creation.challenge }),
      PAGE_ORIGIN,
    );
    await expectSignInRefused(devCaller(ctx), assertion, VERIFICATION_MESSAGES.ceremonyAuthenticate);
  });

  describe('one mutation of a valid assertion → 401, nothing updated (G7)', () => {
    const otherHandle = Buffer.from('user-test-00000000-0000-0000-0000-000000000000').toString('base64url');
    const cases: Array<[string, CeremonyTweaks, string | RegExp]> = [
      ['type webauthn.create', { type: 'webauthn.create' }, /expects "webauthn\.get"/],
      ['origin with another scheme', { origin: 'https://localhost:4100' }, /not an allowed origin/],
      ['origin on another host', { origin: 'http://evil.test' }, /not an allowed origin/],
      [
        'origin 127.0.0.1 (not under the RP ID)',
        { origin: 'http://127.0.0.1:4100' },
        /not an allowed origin/,
      ],
      [
        'crossOrigin true',
        { clientData: { crossOrigin: true, topOrigin: 'http://evil.test' } },
        VERIFICATION_MESSAGES.crossOrigin,
      ],
      ['rpIdHash of another domain', { rpIdForHash: 'example.com' }, /rpIdHash mismatch/],
      ['UP clear', { up: false }, VERIFICATION_MESSAGES.up],
      ['userHandle of another user', { userHandle: otherHandle }, VERIFICATION_MESSAGES.userHandle],
      ['BE flag changed since registration', { be: true }, VERIFICATION_MESSAGES.backupEligibility],
      [
        'a modified authenticatorData byte',
        {
          tamperAuthData: (bytes) =>
            Buffer.concat([bytes.subarray(0, 36), Buffer.from([(bytes[36] ?? 0) ^ 0x80])]),
        },
        VERIFICATION_MESSAGES.signature,
      ],
      // The same r and s in a sloppier wrapper (the library's ASN.1 parser alone would take these).
      [
        'the DER signature with a trailing byte',
        { tamperSignature: (sig) => Buffer.concat([sig, Buffer.from([0])]) },
        VERIFICATION_MESSAGES.signatureEncoding,
      ],
      [
        'the DER signature with another tag class',
        { tamperSignature: (sig) => Buffer.concat([Buffer.from([0xb0]), sig.subarray(1)]) },
        VERIFICATION_MESSAGES.signatureEncoding,
      ],
    ];
    it.each(cases)('%s', async (_name, tweaks, message) => {
      const user = await givenPasskeyUser(ctx, 'g7@example.com');
      const assertion = await assertionFor(ctx, user.authenticator, tweaks);
      await expectSignInRefused(devCaller(ctx), assertion, message);
    });

    it('UV clear when the challenge required verification', async () => {
      const user = await givenPasskeyUser(ctx, 'uv@example.com');
      const startBody = { return_passkey_credential_options: true };
      const assertion = await assertionFor(ctx, user.authenticator, { uv: false }, { startBody });
      await expectSignInRefused(devCaller(ctx), assertion, VERIFICATION_MESSAGES.uv);
      // Only preferred: accepted.
      const preferred = await assertionFor(ctx, user.authenticator, { uv: false });
      expect((await finishSignIn(ctx, devCaller(ctx), preferred)).statusCode).toBe(200);
    });
  });
});

describe('secondary sign-in (step-up)', () => {
  it('offers the user’s credentials and adds the factor to the session that started it', async () => {
    const user = await givenPasskeyUser(ctx, 'secondary@example.com');
    const request = JSON.parse(optionsOf(await startSignIn(ctx, user.caller, 'secondary')));
    expect(request.allowCredentials).toEqual([
      { id: user.credential.idBase64url, type: 'public-key', transports: ['internal'] },
    ]);
    ctx.clock.advance(60_000);
    const assertion = user.authenticator.get(JSON.stringify(request), PAGE_ORIGIN);
    const response = await finishSignIn(ctx, user.caller, assertion, { session_duration_minutes: 90 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toBe(user.session_token);
    expect(data.session.session_id).toBe(user.session.session_id);
    expect(data.session.expires_at).toBe(new Date(ctx.clock.now().getTime() + 90 * 60_000).toISOString());
    // Registering added a webauthn factor; the step-up replaced it with a fresh one, once.
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'magic_link' }),
      expect.objectContaining({
        type: 'webauthn',
        last_authenticated_at: ctx.clock.now().toISOString(),
        webauthn_factor: expect.objectContaining({ webauthn_registration_id: user.registrationId }),
      }),
    ]);
  });

  it('lists only the credentials for the requested RP ID', async () => {
    const user = await givenPasskeyUser(ctx, 'rp-filter@example.com');
    await ctx.db
      .updateTable('webauthn_registrations')
      .set({ domain: 'elsewhere.example' })
      .where('id', '=', user.registrationId)
      .execute();
    const request = JSON.parse(optionsOf(await startSignIn(ctx, user.caller, 'secondary')));
    expect(request.allowCredentials).toEqual([]);
  });

  it('needs the session that started it', async () => {
    const user = await givenPasskeyUser(ctx, 'step-up-session@example.com');
    const other = await givenSignedInUser(ctx, 'step-up-session@example.com');
    const request = optionsOf(await startSignIn(ctx, user.caller, 'secondary'));
    const assertion = user.authenticator.get(request, PAGE_ORIGIN);
    const before = await webauthnState(ctx);
    const anonymous = await finishSignIn(ctx, devCaller(ctx), assertion);
    expect(statusAndErrorType(anonymous)).toEqual([401, 'user_unauthenticated']);
    expect(await webauthnState(ctx)).toEqual(before);
    // The challenge is used up by then; a fresh one presented by another session of the user:
    const again = user.authenticator.get(
      optionsOf(await startSignIn(ctx, user.caller, 'secondary')),
      PAGE_ORIGIN,
    );
    await expectSignInRefused(devCaller(ctx, other.session_token), again, VERIFICATION_MESSAGES.session);
    const none = await startSignIn(ctx, devCaller(ctx), 'secondary');
    expect(statusAndErrorType(none)).toEqual([401, 'user_unauthenticated']);
  });

  it('refuses another user’s credential (secondary start of user A, credential of user B)', async () => {
    const alice = await givenPasskeyUser(ctx, 'alice@example.com');
    const bob = await givenPasskeyUser(ctx, 'bob@example.com');
    const request = optionsOf(await startSignIn(ctx, alice.caller, 'secondary'));
    const assertion = bob.authenticator.get(request, PAGE_ORIGIN, { credential: bob.credential });
    await expectSignInRefused(alice.caller, assertion, VERIFICATION_MESSAGES.otherUser);
  });
});

describe('signature counter and backup flags (G8)', () => {
  async function userWithCounter(email: string, stored: number, options: { backupEligible: boolean }) {
    const user = await givenPasskeyUser(ctx, email, { ...options, backedUp: options.backupEligible });
    await ctx.db
      .updateTable('webauthn_registrations')
      .set({ sign_count: stored })
      .where('id', '=', user.registrationId)
      .execute();
    return user;
  }

  it('refuses a counter that did not increase on a device-bound credential, keeping the stored one', async () => {
    const user = await userWithCounter('device-bound@example.com', 10, { backupEligible: false });
    for (const counter of [10, 5, 0]) {
      const assertion = await assertionFor(ctx, user.authenticator, { counter });
      await expectSignInRefused(devCaller(ctx), assertion, VERIFICATION_MESSAGES.counter);
    }
    const higher = await assertionFor(ctx, user.authenticator, { counter: 11 });
    expect((await finishSignIn(ctx, devCaller(ctx), higher)).statusCode).toBe(200);
    expect((await registrationRow(ctx, user.registrationId)).sign_count).toBe(11);
  });

  it('accepts a lower counter on a backup-eligible credential, keeps the stored counter and logs a risk signal', async () => {
    const user = await userWithCounter('synced@example.com', 10, { backupEligible: true });
    logLines.length = 0;
    for (const counter of [5, 10, 0]) {
      const assertion = await assertionFor(ctx, user.authenticator, { counter });
      const response = await finishSignIn(ctx, devCaller(ctx), assertion);
      expect(response.statusCode, String(counter)).toBe(200);
      expect(await registrationRow(ctx, user.registrationId)).toMatchObject({
        sign_count: 10,
        last_authenticated_at: ctx.clock.now(),
      });
    }
    expect(logLines.filter((line) => line.risk_signal === 'webauthn_counter_not_increasing')).toHaveLength(3);
    expect(logLines[0]).toMatchObject({ registrationId: user.registrationId, stored: 10, asserted: 5 });
  });

  it('accepts 0/0 every time (authenticators without a counter)', async () => {
    const user = await givenPasskeyUser(ctx, 'zero@example.com', { counterStep: 0 });
    for (let i = 0; i < 3; i += 1) {
      const response = await finishSignIn(ctx, devCaller(ctx), await assertionFor(ctx, user.authenticator));
      expect(response.statusCode).toBe(200);
    }
    expect((await registrationRow(ctx, user.registrationId)).sign_count).toBe(0);
  });

  it('refuses a backup-eligible credential that turns up not backup-eligible', async () => {
    const user = await givenPasskeyUser(ctx, 'be-lost@example.com', { backupEligible: true, backedUp: true });
    const assertion = await assertionFor(ctx, user.authenticator, { be: false, bs: false });
    await expectSignInRefused(devCaller(ctx), assertion, VERIFICATION_MESSAGES.backupEligibility);
  });

  it('records the current backup state after a successful assertion', async () => {
    const user = await givenPasskeyUser(ctx, 'bs@example.com', { backupEligible: true, backedUp: false });
    const response = await finishSignIn(
      ctx,
      devCaller(ctx),
      await assertionFor(ctx, user.authenticator, { bs: true }),
    );
    expect(response.statusCode).toBe(200);
    expect((await registrationRow(ctx, user.registrationId)).backed_up).toBe(true);
  });
});

describe('a project with its own origins', () => {
  it('checks the clientDataJSON origin (scheme, port, host) and the credential’s RP ID', async () => {
    const project = await givenProductionLikeProject(ctx, ['https://app.example.com', 'https://other.test']);
    const { session_token } = await signInTo(ctx, project.public_token, 'own-origins@example.com');
    const caller = { publicToken: project.public_token, sessionToken: session_token };
    const authenticator = new VirtualAuthenticator();
    const registered = await registerWith(ctx, caller, authenticator, {
      startBody: { domain: 'app.example.com' },
      origin: 'https://app.example.com',
    });
    expect(registered.statusCode).toBe(200);
    const signedOut = { publicToken: project.public_token };
    const startBody = { domain: 'app.example.com' };
    const ok = await assertionFor(
      ctx,
      authenticator,
      {},
      { caller: signedOut, startBody, origin: 'https://app.example.com' },
    );
    expect((await finishSignIn(ctx, signedOut, ok)).statusCode).toBe(200);
    for (const origin of ['http://app.example.com', 'https://app.example.com:8443', 'https://other.test']) {
      const assertion = await assertionFor(ctx, authenticator, {}, { caller: signedOut, startBody, origin });
      await expectSignInRefused(signedOut, assertion, /not an allowed origin/);
    }
    // A sign-in on the parent domain cannot use a credential scoped to app.example.com.
    const credential = authenticator.credentials[0];
    const parent = await assertionFor(
      ctx,
      authenticator,
      { credential },
      { caller: signedOut, startBody: { domain: 'example.com' }, origin: 'https://app.example.com' },
    );
    await expectSignInRefused(signedOut, parent, /registered for "app\.example\.com"/);
  });

  it('does not find another project’s credentials', async () => {
    const user = await givenPasskeyUser(ctx, 'dev-only@example.com');
    const project = await givenProductionLikeProject(ctx, []);
    const caller = { publicToken: project.public_token };
    const assertion = await assertionFor(ctx, user.authenticator, {}, { caller });
    const response = await finishSignIn(ctx, caller, assertion);
    expect(statusAndErrorType(response)).toEqual([404, 'webauthn_registration_not_found']);
  });
});

function devHeaders(sessionToken: string) {
  return {
    authorization: basic(ctx.dev.public_token, sessionToken),
    'content-type': 'application/json',
    origin: PAGE_ORIGIN,
  };
}
