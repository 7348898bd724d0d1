/** Registering a passkey: POST /webauthn/register/start and /webauthn/register (PGlite and TEST_DATABASE_URL). */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, signInTo } from '../../../test/magic-link-helpers.js';
import { CHROME_LINUX, GOOGLE_PASSWORD_MANAGER, SAFARI_MAC } from '../../../test/passkey-naming-inputs.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  apartFromChallenges,
  callWebauthn,
  DEV_RP_ID,
  devCaller,
  finishRegistration,
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
import { CEREMONY_TIMEOUT_MS, MAX_REGISTRATIONS_PER_USER } from './webauthn-policy.js';

const ctx = useTestContext();

describe('POST /webauthn/register/start', () => {
  it('returns creation options as a JSON string for the signed-in user', async () => {
    const signedIn = await givenSignedInUser(ctx, 'options@example.com');
    const response = await startRegistration(ctx, devCaller(ctx, signedIn.session_token), {
      user_agent: 'Mozilla/5.0 (test)',
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(signedIn.user_id);
    expect(typeof data.public_key_credential_creation_options).toBe('string');
    const options = JSON.parse(data.public_key_credential_creation_options);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Development project' },
      user: {
        id: Buffer.from(signedIn.user_id).toString('base64url'),
        name: 'options@example.com',
        displayName: 'options@example.com',
      },
      pubKeyCredParams: [
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'preferred',
        userVerification: 'preferred',
        requireResidentKey: false,
      },
    });
    // 32 random bytes, unpadded base64url.
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks for a discoverable, user-verifying credential of the requested attachment for passkeys', async () => {
    const signedIn = await givenSignedInUser(ctx, 'passkey-options@example.com');
    const response = await startRegistration(ctx, devCaller(ctx, signedIn.session_token), {
      return_passkey_credential_options: true,
      authenticator_type: 'platform',
    });
    const options = JSON.parse(optionsOf(response));
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
      authenticatorAttachment: 'platform',
    });
  });

  it('lists the user’s registered credentials in excludeCredentials', async () => {
    const user = await givenPasskeyUser(ctx, 'exclude@example.com', { transports: ['internal', 'hybrid'] });
    const second = new VirtualAuthenticator({ transports: ['usb'] });
    expect((await registerWith(ctx, user.caller, second)).statusCode).toBe(200);
    const options = JSON.parse(optionsOf(await startRegistration(ctx, user.caller)));
    // Oldest first; both were made at the same instant of the test clock, so compare as a set.
    expect(options.excludeCredentials).toHaveLength(2);
    expect(options.excludeCredentials).toEqual(
      expect.arrayContaining([
        { id: user.credential.idBase64url, type: 'public-key', transports: ['internal', 'hybrid'] },
        { id: second.credentials[0]?.idBase64url, type: 'public-key', transports: ['usb'] },
      ]),
    );
  });

  it('refuses a domain the project does not accept with 400 invalid_request, storing no challenge', async () => {
    const signedIn = await givenSignedInUser(ctx, 'bad-domain@example.com');
    const before = await webauthnState(ctx);
    for (const domain of ['127.0.0.1', 'example.com', 'localhost.evil.test', 'local host', '']) {
      const response = await startRegistration(ctx, devCaller(ctx, signedIn.session_token), { domain });
      expect(response.statusCode, domain).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
    }
    expect(await webauthnState(ctx)).toEqual(before);
    // Host names are case-insensitive: LOCALHOST is localhost.
    const upper = await startRegistration(ctx, devCaller(ctx, signedIn.session_token), {
      domain: 'LOCALHOST',
    });
    expect(JSON.parse(optionsOf(upper)).rp.id).toBe('localhost');
  });

  it('needs a session: none → 401 user_unauthenticated, an unknown one → 404 session_not_found', async () => {
    const none = await startRegistration(ctx, devCaller(ctx));
    expect(statusAndErrorType(none)).toEqual([401, 'user_unauthenticated']);
    const unknown = await startRegistration(ctx, devCaller(ctx, 'x'.repeat(43)));
    expect(statusAndErrorType(unknown)).toEqual([404, 'session_not_found']);
  });

  it(`refuses more than ${MAX_REGISTRATIONS_PER_USER} passkeys per user`, async () => {
    const user = await givenPasskeyUser(ctx, 'many@example.com');
    const row = await registrationRow(ctx, user.registrationId);
    await ctx.db
      .insertInto('webauthn_registrations')
      .values(
        Array.from({ length: MAX_REGISTRATIONS_PER_USER - 1 }, (_, i) => ({
          ...row,
          id: `${row.id}-${i}`,
          credential_id: `${row.credential_id}${i}`,
          transports: '[]',
        })),
      )
      .execute();
    const response = await startRegistration(ctx, user.caller);
    expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
    expect(json(response).error_message).toContain(`at most ${MAX_REGISTRATIONS_PER_USER} passkeys`);
  });
});

describe('POST /webauthn/register', () => {
  it('stores the credential, adds a webauthn factor to the presenting session and returns __user', async () => {
    const signedIn = await givenSignedInUser(ctx, 'register@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    const authenticator = new VirtualAuthenticator({
      attachment: 'platform',
      transports: ['internal', 'hybrid'],
    });
    const creation = optionsOf(await startRegistration(ctx, caller, { user_agent: SAFARI_MAC }));
    const response = await finishRegistration(ctx, caller, authenticator.create(creation, PAGE_ORIGIN));
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.webauthn_registration_id).toMatch(/^webauthn-registration-test-[0-9a-f-]{36}$/);
    // The presenting session, not a new one.
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'magic_link', delivery_method: 'email' }),
      {
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        last_authenticated_at: ctx.clock.now().toISOString(),
        webauthn_factor: {
          webauthn_registration_id: data.webauthn_registration_id,
          domain: 'localhost',
          user_agent: SAFARI_MAC,
        },
      },
    ]);
    expect(data.session_jwt).toEqual(expect.any(String));
    expect(data.__user).toEqual(data.user);
    expect(data.user.webauthn_registrations).toEqual([
      {
        webauthn_registration_id: data.webauthn_registration_id,
        domain: 'localhost',
        user_agent: SAFARI_MAC,
        authenticator_type: 'platform',
        verified: true,
        // Attestation "none" with a zero AAGUID: named after the browser and system.
        name: 'Safari on Mac',
        created_at: ctx.clock.now().toISOString(),
        last_authenticated_at: null,
      },
    ]);
    const stored = await registrationRow(ctx, data.webauthn_registration_id);
    expect(stored).toMatchObject({
      user_id: signedIn.user_id,
      credential_id: authenticator.credentials[0]?.idBase64url,
      sign_count: 0,
      transports: ['internal', 'hybrid'],
      backup_eligible: false,
      backed_up: false,
      aaguid: '00000000-0000-0000-0000-000000000000',
    });
  });

  it('names a registration after a known authenticator and records synced-passkey flags', async () => {
    const user = await givenPasskeyUser(ctx, 'gpm@example.com', {
      aaguid: GOOGLE_PASSWORD_MANAGER,
      backupEligible: true,
      backedUp: true,
    });
    expect(await registrationRow(ctx, user.registrationId)).toMatchObject({
      name: 'Google Password Manager',
      aaguid: GOOGLE_PASSWORD_MANAGER,
      backup_eligible: true,
      backed_up: true,
      // Without authenticatorAttachment and authenticator_type the type is unknown.
      authenticator_type: '',
    });
  });

  it('names a passkey of an unknown authenticator after the browser and system, client hints first', async () => {
    const signedIn = await givenSignedInUser(ctx, 'browser-name@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    // Chromium's virtual authenticator's AAGUID: not a passkey provider anyone has heard of.
    const unknown = new VirtualAuthenticator({ aaguid: '01020304-0506-0708-0102-030405060708' });
    const plain = await registerWith(ctx, caller, unknown, { startBody: { user_agent: CHROME_LINUX } });
    ctx.clock.advance(1000); // the list is oldest first
    const brave = await registerWith(ctx, caller, new VirtualAuthenticator(), {
      startBody: { user_agent: CHROME_LINUX },
      finishHeaders: {
        'sec-ch-ua': '"Brave";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
        'sec-ch-ua-platform': '"Linux"',
      },
    });
    expect(json(plain).data.user.webauthn_registrations.map((r: { name: string }) => r.name)).toEqual([
      'Chrome on Linux',
    ]);
    expect(json(brave).data.user.webauthn_registrations.map((r: { name: string }) => r.name)).toEqual([
      'Chrome on Linux',
      'Brave on Linux',
    ]);
  });

  it('numbers a name the user already has, counting only their own passkeys and keeping renames', async () => {
    const first = await givenPasskeyUser(ctx, 'numbered@example.com', { aaguid: GOOGLE_PASSWORD_MANAGER });
    const names = async () => {
      ctx.clock.advance(1000); // the list is oldest first
      return json(
        await registerWith(ctx, first.caller, new VirtualAuthenticator({ aaguid: GOOGLE_PASSWORD_MANAGER })),
      ).data.user.webauthn_registrations.map((r: { name: string }) => r.name);
    };
    expect(await names()).toEqual(['Google Password Manager', 'Google Password Manager 2']);
    expect(await names()).toEqual([
      'Google Password Manager',
      'Google Password Manager 2',
      'Google Password Manager 3',
    ]);
    // Someone else's passkeys do not count.
    const other = await givenPasskeyUser(ctx, 'numbered-other@example.com', {
      aaguid: GOOGLE_PASSWORD_MANAGER,
    });
    expect(await registrationRow(ctx, other.registrationId)).toMatchObject({
      name: 'Google Password Manager',
    });
    // A renamed passkey frees its name; the rename path is the user's and is never numbered.
    const renamed = await callWebauthn(
      ctx,
      first.caller,
      `/webauthn/update/${first.registrationId}`,
      { name: 'Google Password Manager 3' },
      'PUT',
    );
    expect(json(renamed).data.webauthn_registration.name).toBe('Google Password Manager 3');
    expect((await names()).at(-1)).toBe('Google Password Manager');
  });

  it('falls back to the authenticator_type asked for at start', async () => {
    const signedIn = await givenSignedInUser(ctx, 'attachment@example.com');
    const response = await registerWith(
      ctx,
      devCaller(ctx, signedIn.session_token),
      new VirtualAuthenticator(),
      {
        startBody: { authenticator_type: 'cross-platform' },
      },
    );
    expect(json(response).data.user.webauthn_registrations[0].authenticator_type).toBe('cross-platform');
  });

  it('extends the presenting session when session_duration_minutes is sent', async () => {
    const signedIn = await givenSignedInUser(ctx, 'extend@example.com', 10);
    const caller = devCaller(ctx, signedIn.session_token);
    const creation = optionsOf(await startRegistration(ctx, caller));
    const response = await finishRegistration(
      ctx,
      caller,
      new VirtualAuthenticator().create(creation, PAGE_ORIGIN),
      {
        session_duration_minutes: 120,
      },
    );
    expect(json(response).data.session.expires_at).toBe(
      new Date(ctx.clock.now().getTime() + 120 * 60_000).toISOString(),
    );
  });

  it('accepts a registration up to 256 KiB of body (attestation chains), unlike other endpoints', async () => {
    const signedIn = await givenSignedInUser(ctx, 'big-body@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    const creation = optionsOf(await startRegistration(ctx, caller));
    const credential = {
      ...new VirtualAuthenticator().create(creation, PAGE_ORIGIN),
      padding: 'x'.repeat(150_000),
    };
    expect((await finishRegistration(ctx, caller, credential)).statusCode).toBe(200);
    const tooBig = await finishRegistration(ctx, caller, { padding: 'x'.repeat(270_000) });
    expect(statusAndErrorType(tooBig)).toEqual([413, 'payload_too_large']);
  });

  it('refuses a credential id the project already has (same or other user): 401, no row', async () => {
    const owner = await givenPasskeyUser(ctx, 'owner@example.com');
    const other = await givenSignedInUser(ctx, 'copycat@example.com');
    const before = await webauthnState(ctx);
    for (const caller of [owner.caller, devCaller(ctx, other.session_token)]) {
      const again = await registerWith(ctx, caller, new VirtualAuthenticator(), {
        tweaks: { credentialId: owner.credential.id },
      });
      expect(statusAndErrorType(again)).toEqual([401, 'webauthn_verification_failed']);
      expect(json(again).error_message).toBe(VERIFICATION_MESSAGES.alreadyRegistered);
    }
    // Two starts stored two (now consumed) challenges; nothing else changed.
    expect(apartFromChallenges(await webauthnState(ctx))).toEqual(apartFromChallenges(before));
  });

  it('lets exactly one of two concurrent registrations of one credential id through', async () => {
    const first = await givenSignedInUser(ctx, 'race-a@example.com');
    const second = await givenSignedInUser(ctx, 'race-b@example.com');
    const id = new Uint8Array(Buffer.from('race-credential-id'));
    const callers = [devCaller(ctx, first.session_token), devCaller(ctx, second.session_token)];
    const credentials = await Promise.all(
      callers.map(async (caller) =>
        new VirtualAuthenticator().create(optionsOf(await startRegistration(ctx, caller)), PAGE_ORIGIN, {
          credentialId: id,
        }),
      ),
    );
    const responses = await Promise.all(
      callers.map((caller, i) => finishRegistration(ctx, caller, credentials[i])),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const rows = await ctx.db
      .selectFrom('webauthn_registrations')
      .select('id')
      .where('credential_id', '=', Buffer.from(id).toString('base64url'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('needs the session that started the ceremony', async () => {
    const first = await givenSignedInUser(ctx, 'two-sessions@example.com');
    const second = await givenSignedInUser(ctx, 'two-sessions@example.com');
    const creation = optionsOf(await startRegistration(ctx, devCaller(ctx, first.session_token)));
    const credential = new VirtualAuthenticator().create(creation, PAGE_ORIGIN);
    const before = await webauthnState(ctx);
    const none = await finishRegistration(ctx, devCaller(ctx), credential);
    expect(statusAndErrorType(none)).toEqual([401, 'user_unauthenticated']);
    const other = await finishRegistration(ctx, devCaller(ctx, second.session_token), credential);
    expect(statusAndErrorType(other)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(other).error_message).toBe(VERIFICATION_MESSAGES.session);
    // The mismatch used the challenge up: the right session cannot finish it any more.
    const late = await finishRegistration(ctx, devCaller(ctx, first.session_token), credential);
    expect(json(late).error_message).toBe(VERIFICATION_MESSAGES.challenge);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('refuses a challenge issued for signing in', async () => {
    const signedIn = await givenSignedInUser(ctx, 'wrong-ceremony@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    const request = JSON.parse(optionsOf(await startSignIn(ctx, caller, 'secondary')));
    const creation = JSON.parse(optionsOf(await startRegistration(ctx, caller)));
    const credential = new VirtualAuthenticator().create(
      JSON.stringify({ ...creation, challenge: request.challenge }),
      PAGE_ORIGIN,
    );
    const response = await finishRegistration(ctx, caller, credential);
    expect([response.statusCode, json(response).error_message]).toEqual([
      401,
      VERIFICATION_MESSAGES.ceremonyRegister,
    ]);
  });

  it('uses a challenge once, and only within its 5 minutes (B5)', async () => {
    const signedIn = await givenSignedInUser(ctx, 'expiry@example.com', 60);
    const caller = devCaller(ctx, signedIn.session_token);
    const authenticator = new VirtualAuthenticator();

    const inTime = optionsOf(await startRegistration(ctx, caller));
    ctx.clock.advance(CEREMONY_TIMEOUT_MS - 1000);
    const credential = authenticator.create(inTime, PAGE_ORIGIN);
    expect((await finishRegistration(ctx, caller, credential)).statusCode).toBe(200);
    const replay = await finishRegistration(ctx, caller, credential);
    expect([replay.statusCode, json(replay).error_message]).toEqual([401, VERIFICATION_MESSAGES.challenge]);

    const late = optionsOf(await startRegistration(ctx, caller));
    ctx.clock.advance(CEREMONY_TIMEOUT_MS + 1000);
    const lateCredential = authenticator.create(late, PAGE_ORIGIN);
    const before = await webauthnState(ctx);
    const expired = await finishRegistration(ctx, caller, lateCredential);
    expect(statusAndErrorType(expired)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(expired).error_message).toBe(VERIFICATION_MESSAGES.challenge);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  describe('one mutation of a valid response → 401 webauthn_verification_failed, nothing stored, challenge used (G6)', () => {
    const cases: Array<[string, Parameters<VirtualAuthenticator['create']>[2], RegExp | string, object?]> = [
      ['type webauthn.get', { type: 'webauthn.get' }, /expects "webauthn\.create"/],
      [
        'unknown challenge',
        { challenge: Buffer.alloc(32, 7).toString('base64url') },
        VERIFICATION_MESSAGES.challenge,
      ],
      ['origin with another scheme', { origin: 'https://localhost:4100' }, /not an allowed origin/],
      ['origin on another host', { origin: 'http://evil.test:4100' }, /not an allowed origin/],
      [
        'origin 127.0.0.1 (allowed page, not under the RP ID)',
        { origin: 'http://127.0.0.1:4100' },
        /not an allowed origin/,
      ],
      ['crossOrigin true', { clientData: { crossOrigin: true } }, VERIFICATION_MESSAGES.crossOrigin],
      [
        'topOrigin present',
        { clientData: { topOrigin: 'http://localhost:4100' } },
        VERIFICATION_MESSAGES.crossOrigin,
      ],
      ['rpIdHash of another domain', { rpIdForHash: 'evil.test' }, /rpIdHash mismatch/],
      ['UP clear', { up: false }, VERIFICATION_MESSAGES.up],
      [
        'UV clear when required',
        { uv: false },
        VERIFICATION_MESSAGES.uv,
        { return_passkey_credential_options: true },
      ],
      ['BS set with BE clear', { be: false, bs: true }, VERIFICATION_MESSAGES.backupState],
    ];
    it.each(cases)('%s', async (_name, tweaks, message, startBody) => {
      const signedIn = await givenSignedInUser(ctx, 'mutations@example.com');
      const caller = devCaller(ctx, signedIn.session_token);
      const creation = optionsOf(await startRegistration(ctx, caller, startBody as Record<string, unknown>));
      const authenticator = new VirtualAuthenticator();
      const before = await webauthnState(ctx);
      const response = await finishRegistration(
        ctx,
        caller,
        authenticator.create(creation, PAGE_ORIGIN, tweaks),
      );
      expect(statusAndErrorType(response)).toEqual([401, 'webauthn_verification_failed']);
      if (typeof message === 'string') expect(json(response).error_message).toBe(message);
      else expect(json(response).error_message).toMatch(message);
      expect(await webauthnState(ctx)).toEqual(before);
      // The challenge is used up: even a correct response for it fails now. (A response naming an
      // unknown challenge consumed nothing, so the issued one still works.)
      const retry = await finishRegistration(ctx, caller, authenticator.create(creation, PAGE_ORIGIN));
      expect(retry.statusCode).toBe('challenge' in (tweaks ?? {}) ? 200 : 401);
    });

    it('UV clear is fine when verification was only preferred', async () => {
      const signedIn = await givenSignedInUser(ctx, 'uv-preferred@example.com');
      const response = await registerWith(
        ctx,
        devCaller(ctx, signedIn.session_token),
        new VirtualAuthenticator(),
        {
          tweaks: { uv: false },
        },
      );
      expect(response.statusCode).toBe(200);
    });
  });
});

describe('RP IDs and origins of a project with its own origins', () => {
  it('accepts its origins’ host names and parent domains, and checks clientDataJSON.origin against both', async () => {
    const project = await givenProductionLikeProject(ctx, ['https://app.example.com', 'https://other.test']);
    const { session_token } = await signInTo(ctx, project.public_token, 'prod@example.com');
    const caller = { publicToken: project.public_token, sessionToken: session_token };
    for (const domain of ['app.example.com', 'example.com']) {
      const response = await registerWith(ctx, caller, new VirtualAuthenticator(), {
        startBody: { domain },
        origin: 'https://app.example.com',
      });
      expect(response.statusCode, domain).toBe(200);
      expect(json(response).data.session.authentication_factors.at(-1).webauthn_factor.domain).toBe(domain);
    }
    // (`localhost` would pass: http://localhost:4100 is one of this project's origins too.)
    for (const domain of [
      'com',
      '127.0.0.1',
      'evil.test',
      'xapp.example.com',
      'sub.app.example.com',
      'test',
    ]) {
      const response = await startRegistration(ctx, caller, { domain });
      expect(statusAndErrorType(response), domain).toEqual([400, 'invalid_request']);
    }
    for (const origin of [
      'https://app.example.com:8443',
      'http://app.example.com',
      'https://other.test',
      'https://evil.example.com',
    ]) {
      const response = await registerWith(ctx, caller, new VirtualAuthenticator(), {
        startBody: { domain: 'app.example.com' },
        origin,
      });
      expect(statusAndErrorType(response), origin).toEqual([401, 'webauthn_verification_failed']);
    }
  });
});

describe('DEV_RP_ID', () => {
  it('is the development project’s RP ID', () => {
    expect(DEV_RP_ID).toBe('localhost');
  });
});
