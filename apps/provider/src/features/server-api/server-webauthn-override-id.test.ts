/**
 * Issue 20: `override_id` on `POST /v1/webauthn/register/start` sets a user's WebAuthn user handle,
 * once; every later registration (server or browser) and sign-in uses it, and it names one user of
 * the project (PGlite and TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { countRowsMatching } from '../../../test/row-counts.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json, okJson, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  DEV_RP_ID,
  devCaller,
  optionsOf,
  PAGE_ORIGIN,
  startRegistration,
  webauthnState,
} from '../../../test/webauthn-helpers.js';
import { VERIFICATION_MESSAGES } from '../webauthn/webauthn-errors.js';

const ctx = useTestContext();

/** POST `/v1/webauthn{path}` with the dev project's secret. */
function call(path: string, payload: Record<string, unknown>) {
  return postServerApi(ctx, `/v1/webauthn${path}`, devProjectAuthorization(ctx), payload);
}

/** A register start for `userId` (with `extra`), base64url options. */
function startFor(userId: string, extra: Record<string, unknown> = {}) {
  return call('/register/start', {
    user_id: userId,
    domain: DEV_RP_ID,
    use_base64_url_encoding: true,
    ...extra,
  });
}

/** The `user.id` of a start's creation options, decoded. */
function userHandleOf(started: Record<string, unknown>): string {
  const options = JSON.parse(String(started.public_key_credential_creation_options));
  return Buffer.from(options.user.id, 'base64url').toString('utf8');
}

/** Registers a new credential of `authenticator` for `userId` from `started`; returns the finish response. */
function finish(userId: string, authenticator: VirtualAuthenticator, started: Record<string, unknown>) {
  const credential = authenticator.create(
    String(started.public_key_credential_creation_options),
    PAGE_ORIGIN,
  );
  return call('/register', { user_id: userId, public_key_credential: JSON.stringify(credential) });
}

/** A discoverable sign-in started by the server, answered by `authenticator` (optionally another userHandle). */
async function signInDiscoverable(authenticator: VirtualAuthenticator, userHandle?: string) {
  const started = okJson(
    await call('/authenticate/start', { domain: DEV_RP_ID, use_base64_url_encoding: true }),
  );
  const assertion = authenticator.get(
    started.public_key_credential_request_options,
    PAGE_ORIGIN,
    userHandle === undefined ? {} : { userHandle: Buffer.from(userHandle).toString('base64url') },
  );
  return call('/authenticate', { public_key_credential: JSON.stringify(assertion) });
}

/** The stored handle of `userId` (null: their user id). */
async function storedHandle(userId: string): Promise<string | null | undefined> {
  const row = await ctx.db
    .selectFrom('users')
    .select('webauthn_user_handle')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.webauthn_user_handle;
}

describe('override_id sets the user handle', () => {
  it('the options carry it, later starts keep it, and sign-in with it names the user', async () => {
    const user = await givenServerUser(ctx, { email: 'override-handle@example.com' });
    const started = okJson(await startFor(user.user_id, { override_id: 'acct-7f3a91' }));
    expect(started.user_id).toBe(user.user_id);
    expect(userHandleOf(started)).toBe('acct-7f3a91');
    expect(await storedHandle(user.user_id)).toBe('acct-7f3a91');

    const authenticator = new VirtualAuthenticator();
    const registered = okJson(await finish(user.user_id, authenticator, started));
    expect(authenticator.credentials[0]?.userHandle).toBe(Buffer.from('acct-7f3a91').toString('base64url'));

    // A later start without override_id, or naming the same one, keeps the handle.
    expect(userHandleOf(okJson(await startFor(user.user_id)))).toBe('acct-7f3a91');
    expect(userHandleOf(okJson(await startFor(user.user_id, { override_id: 'acct-7f3a91' })))).toBe(
      'acct-7f3a91',
    );

    // A discoverable sign-in: the assertion's userHandle is the override, and it names the user.
    const signedIn = okJson(await signInDiscoverable(authenticator));
    expect(signedIn).toMatchObject({
      user_id: user.user_id,
      webauthn_registration_id: registered.webauthn_registration_id,
    });
    // Sign-in by user_id too.
    const byUser = okJson(
      await call('/authenticate/start', {
        domain: DEV_RP_ID,
        user_id: user.user_id,
        use_base64_url_encoding: true,
      }),
    );
    const assertion = authenticator.get(byUser.public_key_credential_request_options, PAGE_ORIGIN);
    const again = okJson(
      await call('/authenticate', {
        public_key_credential: JSON.stringify(assertion),
        session_duration_minutes: 60,
      }),
    );
    expect(again.session.user_id).toBe(user.user_id);

    // Another user's handle on this credential is refused, nothing recorded.
    const other = await givenServerUser(ctx, { email: 'override-handle-other@example.com' });
    const before = await webauthnState(ctx);
    const wrong = await signInDiscoverable(authenticator, other.user_id);
    expect([wrong.statusCode, json(wrong).error_type, json(wrong).error_message]).toEqual([
      401,
      'webauthn_verification_failed',
      VERIFICATION_MESSAGES.userHandle,
    ]);
    expect((await webauthnState(ctx)).registrations).toEqual(before.registrations);

    // list_credentials answers the passkey registered under the handle.
    const listed = okJson(
      await usersApi(ctx, 'GET', `/v1/webauthn/credentials/${user.user_id}/${DEV_RP_ID}`),
    );
    expect(listed.credentials).toEqual([
      expect.objectContaining({ webauthn_registration_id: registered.webauthn_registration_id }),
    ]);
  });

  it("the browser's register start uses the handle the server set", async () => {
    const signedIn = await givenSignedInUser(ctx, 'override-browser@example.com');
    okJson(await startFor(signedIn.user_id, { override_id: 'browser-handle-1' }));
    const options = JSON.parse(
      optionsOf(await startRegistration(ctx, devCaller(ctx, signedIn.session_token))),
    );
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe('browser-handle-1');
  });

  it('without override_id the handle stays the user id, and nothing is stored', async () => {
    const user = await givenServerUser(ctx, { email: 'override-none@example.com' });
    expect(userHandleOf(okJson(await startFor(user.user_id)))).toBe(user.user_id);
    // Naming the user id itself is the handle the user has: accepted, nothing stored.
    expect(userHandleOf(okJson(await startFor(user.user_id, { override_id: user.user_id })))).toBe(
      user.user_id,
    );
    expect(await storedHandle(user.user_id)).toBeNull();
  });
});

describe('override_id refusals change nothing', () => {
  it('another handle than the set one, one over passkeys made under the user id, or bad bytes → 400 naming override_id', async () => {
    const set = await givenServerUser(ctx, { email: 'override-set@example.com' });
    okJson(await startFor(set.user_id, { override_id: 'first-handle' }));
    const withPasskey = await givenServerUser(ctx, { email: 'override-passkey@example.com' });
    okJson(
      await finish(
        withPasskey.user_id,
        new VirtualAuthenticator(),
        okJson(await startFor(withPasskey.user_id)),
      ),
    );
    const before = await webauthnState(ctx);
    const cases: [string, string][] = [
      [set.user_id, 'second-handle'],
      [withPasskey.user_id, 'late-handle'],
      [set.user_id, ''],
      // 40 characters, 80 bytes of UTF-8: over the 64 bytes a user handle may have.
      [set.user_id, 'é'.repeat(40)],
      [set.user_id, 'x'.repeat(65)],
    ];
    for (const [userId, overrideId] of cases) {
      const response = await startFor(userId, { override_id: overrideId });
      expect(statusAndErrorType(response), overrideId).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message, overrideId).toContain(
        'override_id',
      );
    }
    expect(await webauthnState(ctx)).toEqual(before);
    expect(await storedHandle(set.user_id)).toBe('first-handle');
    expect(await storedHandle(withPasskey.user_id)).toBeNull();
  });

  it("another user's handle or user id → 409 webauthn_user_handle_in_use", async () => {
    const holder = await givenServerUser(ctx, { email: 'override-holder@example.com' });
    okJson(await startFor(holder.user_id, { override_id: 'shared-handle' }));
    const plain = await givenServerUser(ctx, { email: 'override-plain@example.com' });
    const claimant = await givenServerUser(ctx, { email: 'override-claimant@example.com' });
    const before = await webauthnState(ctx);
    // The holder's user id is refused too although their handle is another: ids and handles never name two users.
    for (const overrideId of ['shared-handle', plain.user_id, holder.user_id]) {
      const response = await startFor(claimant.user_id, { override_id: overrideId });
      expect(statusAndErrorType(response), overrideId).toEqual([409, 'webauthn_user_handle_in_use']);
      expect(JSON.stringify(json(response).body)).toContain('override_id');
    }
    expect(await webauthnState(ctx)).toEqual(before);
    expect(await storedHandle(claimant.user_id)).toBeNull();
  });

  it('two users claiming one handle at once: exactly one gets it', async () => {
    const first = await givenServerUser(ctx, { email: 'override-race-1@example.com' });
    const second = await givenServerUser(ctx, { email: 'override-race-2@example.com' });
    const responses = await Promise.all([
      startFor(first.user_id, { override_id: 'contested' }),
      startFor(second.user_id, { override_id: 'contested' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countRowsMatching(ctx, 'users', { webauthn_user_handle: 'contested' })).toBe(1);
  });

  it('a registration started before the handle was set is refused, so every passkey of the user has one handle', async () => {
    const user = await givenServerUser(ctx, { email: 'override-stale@example.com' });
    const stale = okJson(await startFor(user.user_id));
    const fresh = okJson(await startFor(user.user_id, { override_id: 'fresh-handle' }));
    const before = await webauthnState(ctx);
    const refused = await finish(user.user_id, new VirtualAuthenticator(), stale);
    expect([refused.statusCode, json(refused).error_type, json(refused).error_message]).toEqual([
      401,
      'webauthn_verification_failed',
      VERIFICATION_MESSAGES.userHandleChanged,
    ]);
    expect((await webauthnState(ctx)).registrations).toEqual(before.registrations);
    okJson(await finish(user.user_id, new VirtualAuthenticator(), fresh));
  });
});

describe('deleting the user', () => {
  it('erases the handle: no row keeps it, and another user may take it', async () => {
    const user = await givenServerUser(ctx, { email: 'override-deleted@example.com' });
    okJson(
      await finish(
        user.user_id,
        new VirtualAuthenticator(),
        okJson(await startFor(user.user_id, { override_id: 'gone-handle' })),
      ),
    );
    okJson(await startFor(user.user_id));
    expect((await usersApi(ctx, 'DELETE', `/v1/users/${user.user_id}`)).statusCode).toBe(200);
    expect(await countRowsMatching(ctx, 'users', { webauthn_user_handle: 'gone-handle' })).toBe(0);
    expect(await countRowsMatching(ctx, 'webauthn_challenges', { user_handle: 'gone-handle' })).toBe(0);
    const next = await givenServerUser(ctx, { email: 'override-next@example.com' });
    expect(userHandleOf(okJson(await startFor(next.user_id, { override_id: 'gone-handle' })))).toBe(
      'gone-handle',
    );
  });
});
