/**
 * Issue 20: the server API's passkey calls (`/v1/webauthn…`, Basic project_id:secret), driven with a
 * virtual authenticator as the browser's tests are (PGlite and TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { devProjectAuthorization, expectLiveSession, postServerApi } from '../../../test/server-api-calls.js';
import { actorsOf } from '../../../test/server-send-calls.js';
import { basic, json, okJson, statusAndErrorType, type TestContext } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser } from '../../../test/user-management-calls.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  apartFromChallenges,
  DEV_RP_ID,
  givenProductionLikeProject,
  PAGE_ORIGIN,
  registrationRow,
  webauthnState,
} from '../../../test/webauthn-helpers.js';
import { LOOKUP_LIMITS } from '../../rate-limit/lookup-throttle.js';
import { VERIFICATION_MESSAGES } from '../webauthn/webauthn-errors.js';

const ctx = useTestContext();

/** POST `/v1/webauthn{path}` with the dev project's secret (or `authorization`). */
function call(path: string, payload: Record<string, unknown>, authorization = devProjectAuthorization(ctx)) {
  return postServerApi(ctx, `/v1/webauthn${path}`, authorization, payload);
}

/** PUT /v1/webauthn/{id}. */
function rename(id: string, payload: Record<string, unknown>, authorization = devProjectAuthorization(ctx)) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/v1/webauthn/${encodeURIComponent(id)}`,
    headers: { authorization, 'content-type': 'application/json' },
    payload,
  });
}

/** POST /v1/webauthn/register/start for `userId` with base64url options, as the browser's helpers read them; its 200 answer. */
async function startServerRegistration(userId: string) {
  return okJson(
    await call('/register/start', { user_id: userId, domain: DEV_RP_ID, use_base64_url_encoding: true }),
  );
}

/** Registers a new credential of `authenticator` for `userId` from the server; returns the finish answer. */
async function registerFromServer(
  userId: string,
  authenticator: VirtualAuthenticator,
  finishExtra: Record<string, unknown> = {},
) {
  const started = await startServerRegistration(userId);
  const credential = authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN);
  return call('/register', {
    user_id: userId,
    public_key_credential: JSON.stringify(credential),
    ...finishExtra,
  });
}

/** An assertion of `authenticator` for a server-started sign-in (`user_id` when given). */
async function assertionFromServer(authenticator: VirtualAuthenticator, userId?: string) {
  const started = okJson(
    await call('/authenticate/start', {
      domain: DEV_RP_ID,
      use_base64_url_encoding: true,
      ...(userId === undefined ? {} : { user_id: userId }),
    }),
  );
  return JSON.stringify(authenticator.get(started.public_key_credential_request_options, PAGE_ORIGIN));
}

/** A user of the dev project with a passkey registered from the server. */
async function givenServerPasskeyUser(c: TestContext, email: string) {
  const user = await givenServerUser(c, { email });
  const authenticator = new VirtualAuthenticator();
  const registered = okJson(await registerFromServer(user.user_id, authenticator));
  return {
    userId: user.user_id as string,
    authenticator,
    registrationId: registered.webauthn_registration_id,
  };
}

describe('register then authenticate from the server', () => {
  it('round trip: register without a session, sign in by user_id and by a discoverable credential', async () => {
    const user = await givenServerUser(ctx, { email: 'server-passkey@example.com' });
    const started = await startServerRegistration(user.user_id);
    expect(started).toMatchObject({ status_code: 200, user_id: user.user_id });
    const creation = JSON.parse(started.public_key_credential_creation_options);
    expect(creation).toMatchObject({
      rp: { id: 'localhost' },
      user: { id: Buffer.from(user.user_id).toString('base64url'), name: 'server-passkey@example.com' },
      attestation: 'none',
    });
    expect(creation.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const authenticator = new VirtualAuthenticator();
    const credential = authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN);
    const registered = okJson(
      await call('/register', { user_id: user.user_id, public_key_credential: JSON.stringify(credential) }),
    );
    expect(registered).toMatchObject({
      status_code: 200,
      user_id: user.user_id,
      webauthn_registration_id: expect.stringMatching(/^webauthn-registration-test-/),
      session: null,
      session_token: '',
      session_jwt: '',
      user: {
        user_id: user.user_id,
        is_locked: false,
        webauthn_registrations: [
          { webauthn_registration_id: expect.any(String), domain: 'localhost', verified: true },
        ],
      },
    });
    const registrationId = registered.webauthn_registration_id;

    // By user_id: only this user's credentials are offered, and a session is made when asked.
    const byUser = okJson(
      await call('/authenticate/start', {
        domain: DEV_RP_ID,
        user_id: user.user_id,
        use_base64_url_encoding: true,
      }),
    );
    expect(byUser.user_id).toBe(user.user_id);
    const request = JSON.parse(byUser.public_key_credential_request_options);
    expect(request.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentials[0]?.idBase64url, type: 'public-key' }),
    ]);
    const signedIn = okJson(
      await call('/authenticate', {
        public_key_credential: JSON.stringify(
          authenticator.get(byUser.public_key_credential_request_options, PAGE_ORIGIN),
        ),
        session_duration_minutes: 60,
        session_custom_claims: { plan: 'pro' },
      }),
    );
    expect(signedIn).toMatchObject({
      user_id: user.user_id,
      webauthn_registration_id: registrationId,
      session: {
        user_id: user.user_id,
        custom_claims: { plan: 'pro' },
        authentication_factors: [
          expect.objectContaining({
            delivery_method: 'webauthn_registration',
            webauthn_factor: expect.objectContaining({ webauthn_registration_id: registrationId }),
          }),
        ],
      },
      user: { user_id: user.user_id, roles: [] },
    });
    expect(signedIn.session_jwt).not.toBe('');
    await expectLiveSession(ctx, signedIn);
    expect((await registrationRow(ctx, registrationId)).sign_count).toBe(1);

    // Discoverable: no user named, no allowCredentials; no duration → no session, counter still recorded.
    const open = okJson(
      await call('/authenticate/start', { domain: DEV_RP_ID, use_base64_url_encoding: true }),
    );
    expect(open.user_id).toBe('');
    expect(JSON.parse(open.public_key_credential_request_options).allowCredentials).toBeUndefined();
    const plain = okJson(
      await call('/authenticate', {
        public_key_credential: JSON.stringify(
          authenticator.get(open.public_key_credential_request_options, PAGE_ORIGIN),
        ),
      }),
    );
    expect(plain).toMatchObject({
      user_id: user.user_id,
      webauthn_registration_id: registrationId,
      session: null,
      session_token: '',
      session_jwt: '',
    });
    expect((await registrationRow(ctx, registrationId)).sign_count).toBe(2);

    // As on the browser path: the factor and the session announced, here by the project.
    const actors = await actorsOf(ctx, user.user_id);
    expect(actors.filter((a) => a.startsWith('factor.added'))).toEqual(['factor.added:project']);
    expect(actors.filter((a) => a.startsWith('session.created'))).toEqual(['session.created:project']);
  });

  it('register with the user’s session token or JWT adds the factor to it; with a duration alone starts one', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-passkey-session@example.com');
    const withToken = okJson(
      await registerFromServer(signedIn.user_id, new VirtualAuthenticator(), {
        session_token: signedIn.session_token,
      }),
    );
    expect(withToken.session.session_id).toBe(signedIn.session.session_id);
    expect(withToken.session_token).toBe(signedIn.session_token);
    expect(withToken.session.authentication_factors.map((f: { type: string }) => f.type)).toContain(
      'webauthn',
    );

    const withJwt = okJson(
      await registerFromServer(signedIn.user_id, new VirtualAuthenticator(), {
        session_jwt: signedIn.session_jwt,
      }),
    );
    expect(withJwt.session.session_id).toBe(signedIn.session.session_id);
    expect(withJwt.session_token).toBe('');

    const fresh = okJson(
      await registerFromServer(signedIn.user_id, new VirtualAuthenticator(), {
        session_duration_minutes: 30,
      }),
    );
    expect(fresh.session.session_id).not.toBe(signedIn.session.session_id);
    await expectLiveSession(ctx, fresh);
  });

  it('authenticate with a session steps it up; another user’s passkey cannot, nothing changes', async () => {
    const owner = await givenServerPasskeyUser(ctx, 'server-stepup-owner@example.com');
    const other = await givenSignedInUser(ctx, 'server-stepup-other@example.com');
    const before = await webauthnState(ctx);
    const refused = await call('/authenticate', {
      public_key_credential: await assertionFromServer(owner.authenticator),
      session_token: other.session_token,
    });
    expect(statusAndErrorType(refused)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(refused).error_message).toBe(VERIFICATION_MESSAGES.otherUser);
    // The refused attempt used its challenge up (single use); nothing else changed.
    expect(apartFromChallenges(await webauthnState(ctx))).toEqual(apartFromChallenges(before));

    const ownerSession = okJson(
      await call('/authenticate', {
        public_key_credential: await assertionFromServer(owner.authenticator, owner.userId),
        session_duration_minutes: 60,
      }),
    );
    const steppedUp = okJson(
      await call('/authenticate', {
        public_key_credential: await assertionFromServer(owner.authenticator, owner.userId),
        session_token: ownerSession.session_token,
      }),
    );
    expect(steppedUp.session.session_id).toBe(ownerSession.session.session_id);
    expect(steppedUp.session_token).toBe(ownerSession.session_token);
  });

  it('without use_base64_url_encoding the options are standard base64, and a converted answer verifies', async () => {
    const user = await givenServerUser(ctx, { email: 'server-passkey-b64@example.com' });
    const started = okJson(await call('/register/start', { user_id: user.user_id, domain: DEV_RP_ID }));
    const options = JSON.parse(started.public_key_credential_creation_options);
    expect(options.challenge).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(options.user.id, 'base64').toString()).toBe(user.user_id);
    // What a browser helper does with standard base64: decode the bytes, echo them as base64url.
    const asBase64Url = (value: string) => Buffer.from(value, 'base64').toString('base64url');
    const converted = JSON.stringify({
      ...options,
      challenge: asBase64Url(options.challenge),
      user: { ...options.user, id: asBase64Url(options.user.id) },
    });
    const credential = new VirtualAuthenticator().create(converted, PAGE_ORIGIN);
    const registered = await call('/register', {
      user_id: user.user_id,
      public_key_credential: JSON.stringify(credential),
    });
    expect(registered.statusCode, registered.body).toBe(200);
  });
});

describe('refusals', () => {
  it('a replayed challenge is refused: the second register and the second authenticate → 401, nothing changes', async () => {
    const user = await givenServerUser(ctx, { email: 'server-replay@example.com' });
    const started = await startServerRegistration(user.user_id);
    const authenticator = new VirtualAuthenticator();
    const credential = JSON.stringify(
      authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN),
    );
    okJson(await call('/register', { user_id: user.user_id, public_key_credential: credential }));
    let before = await webauthnState(ctx);
    const again = await call('/register', { user_id: user.user_id, public_key_credential: credential });
    expect(statusAndErrorType(again)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(again).error_message).toBe(VERIFICATION_MESSAGES.challenge);
    expect(await webauthnState(ctx)).toEqual(before);

    const assertion = await assertionFromServer(authenticator, user.user_id);
    okJson(await call('/authenticate', { public_key_credential: assertion, session_duration_minutes: 60 }));
    before = await webauthnState(ctx);
    const replayed = await call('/authenticate', {
      public_key_credential: assertion,
      session_duration_minutes: 60,
    });
    expect(statusAndErrorType(replayed)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(replayed).error_message).toBe(VERIFICATION_MESSAGES.challenge);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it("counts starts against the project's limit only: the calling address is the integrator's server", async () => {
    const other = await givenProductionLikeProject(ctx, ['https://app.example.com']);
    const authorization = basic(other.project_id, other.secret);
    // One more than a browser network may start in a minute (LOOKUP_LIMITS.webauthn_start.ipPerMinute).
    const starts = LOOKUP_LIMITS.webauthn_start.ipPerMinute + 1;
    const statuses: number[] = [];
    for (let i = 0; i < starts; i += 1)
      statuses.push(
        (await call('/authenticate/start', { domain: 'app.example.com' }, authorization)).statusCode,
      );
    expect(statuses).toEqual(Array(starts).fill(200));
  });

  it('a domain outside the project → 400 naming domain, no challenge stored', async () => {
    const user = await givenServerUser(ctx, { email: 'server-domain@example.com' });
    const other = await givenProductionLikeProject(ctx, ['https://app.example.com']);
    const before = await webauthnState(ctx);
    const cases: [string, Record<string, unknown>, string][] = [
      ['/register/start', { user_id: user.user_id, domain: 'evil.example' }, devProjectAuthorization(ctx)],
      ['/authenticate/start', { domain: 'evil.example' }, devProjectAuthorization(ctx)],
      ['/authenticate/start', { domain: '127.0.0.1' }, devProjectAuthorization(ctx)],
      // A sibling of the project's origin is not its RP ID, nor is a top-level domain above it.
      ['/authenticate/start', { domain: 'other.example.com' }, basic(other.project_id, other.secret)],
      ['/authenticate/start', { domain: 'com' }, basic(other.project_id, other.secret)],
    ];
    for (const [path, payload, authorization] of cases) {
      const response = await call(path, payload, authorization);
      expect(statusAndErrorType(response), `${path} ${payload.domain}`).toEqual([400, 'invalid_request']);
      expect(json(response).body).toEqual([expect.objectContaining({ dataPath: '.domain' })]);
    }
    // The other project's own origin and its parent domain are accepted.
    for (const domain of ['app.example.com', 'example.com']) {
      const response = await call('/authenticate/start', { domain }, basic(other.project_id, other.secret));
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(json(response).public_key_credential_request_options).rpId).toBe(domain);
    }
    expect((await webauthnState(ctx)).counts.webauthn_challenges).toBe(before.counts.webauthn_challenges + 2);
  });

  it('bad input → 400 naming the field, nothing changed', async () => {
    const owner = await givenServerPasskeyUser(ctx, 'server-bad-input@example.com');
    const other = await givenSignedInUser(ctx, 'server-bad-input-other@example.com');
    const before = await webauthnState(ctx);
    const cases: [string, Record<string, unknown>, string][] = [
      ['/register/start', { domain: DEV_RP_ID }, 'user_id'],
      ['/register/start', { user_id: owner.userId }, 'domain'],
      [
        '/register/start',
        { user_id: owner.userId, domain: DEV_RP_ID, authenticator_type: 'usb' },
        'authenticator_type',
      ],
      ['/register/start', { user_id: owner.userId, domain: DEV_RP_ID, override_id: 'abc' }, 'override_id'],
      ['/register/start', { user_id: owner.userId, domain: DEV_RP_ID, colour: 'red' }, 'colour'],
      ['/register/start', { user_id: 'not a user id!', domain: DEV_RP_ID }, 'user_id'],
      ['/register', { user_id: owner.userId }, 'public_key_credential'],
      [
        '/register',
        { user_id: owner.userId, public_key_credential: '{}', session_duration_minutes: 1 },
        'session_duration_minutes',
      ],
      [
        '/register',
        { user_id: owner.userId, public_key_credential: '{}', session_token: other.session_token },
        'session_token',
      ],
      [
        '/register',
        { user_id: owner.userId, public_key_credential: '{}', session_custom_claims: { sub: 'x' } },
        'sub',
      ],
      ['/authenticate/start', { user_id: owner.userId }, 'domain'],
      [
        '/authenticate/start',
        { domain: DEV_RP_ID, return_passkey_credential_options: 'yes' },
        'return_passkey_credential_options',
      ],
      ['/authenticate', {}, 'public_key_credential'],
      ['/authenticate', { public_key_credential: '{}', session_custom_claims: { iss: 'x' } }, 'iss'],
    ];
    for (const [path, payload, field] of cases) {
      const response = await call(path, payload);
      expect(statusAndErrorType(response), `${path} ${field}`).toContain(400);
      expect(
        JSON.stringify(json(response).body ?? []) + json(response).error_message,
        `${path} ${field}`,
      ).toContain(field);
    }
    const malformed = await call('/authenticate', { public_key_credential: 'not json' });
    expect(statusAndErrorType(malformed)).toEqual([400, 'invalid_webauthn_response']);
    const unknownUser = await call('/register/start', {
      user_id: 'user-test-00000000-0000-4000-8000-000000000000',
      domain: DEV_RP_ID,
    });
    expect(statusAndErrorType(unknownUser)).toEqual([404, 'user_not_found']);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('a challenge started for one user does not register for another', async () => {
    const first = await givenServerUser(ctx, { email: 'server-first@example.com' });
    const second = await givenServerUser(ctx, { email: 'server-second@example.com' });
    const started = await startServerRegistration(first.user_id);
    const credential = new VirtualAuthenticator().create(
      started.public_key_credential_creation_options,
      PAGE_ORIGIN,
    );
    const before = await webauthnState(ctx);
    const response = await call('/register', {
      user_id: second.user_id,
      public_key_credential: JSON.stringify(credential),
    });
    expect(statusAndErrorType(response)).toEqual([401, 'webauthn_verification_failed']);
    expect((await webauthnState(ctx)).registrations).toEqual(before.registrations);
  });

  it('a public token, a session token or a Bearer in place of the secret → 403 on every call, nothing changed', async () => {
    const owner = await givenServerPasskeyUser(ctx, 'server-forbidden@example.com');
    const signedIn = await givenSignedInUser(ctx, 'server-forbidden-session@example.com');
    const before = await webauthnState(ctx);
    const cases: [string, string][] = [
      [basic(ctx.dev.project_id, ctx.dev.public_token), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_token}`, 'session_token_forbidden'],
    ];
    for (const [authorization, type] of cases) {
      for (const path of ['/register/start', '/register', '/authenticate/start', '/authenticate']) {
        const response = await call(path, { user_id: owner.userId, domain: DEV_RP_ID }, authorization);
        expect(statusAndErrorType(response), `${path} ${type}`).toEqual([403, type]);
      }
      const renamed = await rename(owner.registrationId, { name: 'Stolen' }, authorization);
      expect(statusAndErrorType(renamed)).toEqual([403, type]);
    }
    expect(await webauthnState(ctx)).toEqual(before);
  });
});

describe('PUT /v1/webauthn/{webauthn_registration_id}', () => {
  it('renames any registration of the project; unknown → 404, a bad name → 400, nothing changed', async () => {
    const owner = await givenServerPasskeyUser(ctx, 'server-rename@example.com');
    const renamed = okJson(await rename(owner.registrationId, { name: '  Work laptop  ' }));
    expect(renamed).toMatchObject({
      status_code: 200,
      webauthn_registration: { webauthn_registration_id: owner.registrationId, name: 'Work laptop' },
    });
    expect((await registrationRow(ctx, owner.registrationId)).name).toBe('Work laptop');

    const before = await webauthnState(ctx);
    const unknown = await rename('webauthn-registration-test-00000000-0000-4000-8000-000000000000', {
      name: 'X',
    });
    expect(statusAndErrorType(unknown)).toEqual([404, 'webauthn_registration_not_found']);
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 'A', extra: 1 }]) {
      const response = await rename(owner.registrationId, payload);
      expect(statusAndErrorType(response), JSON.stringify(payload)).toEqual([400, 'invalid_request']);
    }
    expect(await webauthnState(ctx)).toEqual(before);

    // Another project's secret cannot reach it.
    const other = await givenProductionLikeProject(ctx, ['https://app.example.com']);
    const foreign = await rename(
      owner.registrationId,
      { name: 'Mine' },
      basic(other.project_id, other.secret),
    );
    expect(statusAndErrorType(foreign)).toEqual([404, 'webauthn_registration_not_found']);
  });
});
