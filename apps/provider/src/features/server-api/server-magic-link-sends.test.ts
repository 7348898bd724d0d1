/** Server-facing POST /v1/magic_links/email/send|login_or_create|invite|revoke_invite with Basic project_id:secret. */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, latestToken, outboxFor } from '../../../test/magic-link-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import {
  devProjectAuthorization,
  expectForbiddenWithoutSecret,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { actorsOf, messageCount, sendSnapshot, serverSend } from '../../../test/server-send-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import { cryptoRandom } from '../../random.js';
import { createMagicLinkDelivery } from '../magic-links/magic-link-delivery.js';
import { DEFAULT_SEND_LIMITS } from '../projects/send-limits.js';

// The default send limits, so the recipient interval applies.
const ctx = useTestContext({ devProject: { sendLimits: DEFAULT_SEND_LIMITS } });

const revokeInvite = (email: string) =>
  postServerApi(ctx, '/v1/magic_links/email/revoke_invite', devProjectAuthorization(ctx), { email });

const redeem = (payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), payload);

/** The recipient interval of the send limits (60 s by default) has passed. */
const afterRecipientInterval = () => ctx.clock.advance(61_000);

describe('POST /v1/magic_links/email/login_or_create', () => {
  it('creates the user (user_created), sends a sign-up link that redeems; again → the same user, not created', async () => {
    const email = 'server-loc@example.com';
    const sent = await serverSend(ctx, '/v1/magic_links/email/login_or_create', {
      email,
      signup_magic_link_url: 'http://localhost:3000/welcome',
      signup_expiration_minutes: 30,
    });
    expect(sent.statusCode).toBe(200);
    const answer = json(sent);
    expect(answer).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: expect.stringMatching(/^user-test-/),
      email_id: expect.stringMatching(/^email-test-/),
      user_created: true,
    });
    // The account exists with the answer, before the delivery worker has run.
    const created = await usersApi(ctx, 'GET', `/v1/users/${answer.user_id}`);
    expect(created.statusCode).toBe(200);
    expect(json(created).emails).toEqual([
      expect.objectContaining({ email_id: answer.email_id, email, verified: false }),
    ]);
    const token = await latestToken(ctx, email);
    const signedIn = await redeem({ token, attributes: { ip_address: '203.0.113.7', user_agent: 'Phone' } });
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn)).toMatchObject({ user_id: answer.user_id, method_id: answer.email_id });
    expect(json(signedIn).session.attributes).toEqual({ ip_address: '203.0.113.7', user_agent: 'Phone' });
    // What the project's server did is announced as the project's doing.
    expect(await actorsOf(ctx, answer.user_id)).toEqual(['session.created:project', 'user.created:project']);

    afterRecipientInterval();
    const again = await serverSend(ctx, '/v1/magic_links/email/login_or_create', { email });
    expect(json(again)).toMatchObject({
      user_id: answer.user_id,
      email_id: answer.email_id,
      user_created: false,
    });
  });

  it('create_user_as_pending: the new user is pending until the link is used', async () => {
    const sent = await serverSend(ctx, '/v1/magic_links/email/login_or_create', {
      email: 'server-pending@example.com',
      create_user_as_pending: true,
    });
    const { user_id } = json(sent);
    await latestToken(ctx, 'server-pending@example.com');
    expect(json(await usersApi(ctx, 'GET', `/v1/users/${user_id}`)).status).toBe('pending');
  });

  it('an address a browser answer promised a moment ago: the same account, made once, by the server call', async () => {
    const email = 'server-after-browser@example.com';
    const browser = await sdkPost(ctx, '/magic_links/email/login_or_create', { email });
    expect(browser.statusCode).toBe(200);
    const promised = json(browser).data;
    afterRecipientInterval();
    const sent = await serverSend(ctx, '/v1/magic_links/email/login_or_create', { email });
    expect(json(sent)).toMatchObject({ user_id: promised.user_id, email_id: promised.email_id });
    expect((await usersApi(ctx, 'GET', `/v1/users/${promised.user_id}`)).statusCode).toBe(200);
    // Both jobs run; neither makes a second account.
    await latestToken(ctx, email);
    const found = await usersApi(ctx, 'POST', '/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
    });
    expect(json(found).results.map((u: { user_id: string }) => u.user_id)).toEqual([promised.user_id]);
  });
});

describe('POST /v1/magic_links/email/send', () => {
  it("sends a login link to a user's address; an address nobody has is 404 email_not_found, nothing sent", async () => {
    const user = await givenServerUser(ctx, { email: 'server-send@example.com' });
    const sent = await serverSend(ctx, '/v1/magic_links/email/send', { email: 'Server-Send@example.com' });
    expect(json(sent)).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: user.user_id,
      email_id: user.email_id,
    });
    const signedIn = await redeem({ token: await latestToken(ctx, 'server-send@example.com') });
    expect(json(signedIn).user_id).toBe(user.user_id);

    const before = await sendSnapshot(ctx);
    const unknown = await serverSend(ctx, '/v1/magic_links/email/send', { email: 'nobody@example.com' });
    expect(statusAndErrorType(unknown)).toEqual([404, 'email_not_found']);
    expect(await sendSnapshot(ctx)).toEqual(before);
  });

  it('with user_id, session_token or session_jwt: a link that adds the address, redeemable with that user’s session', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-owner@example.com');
    const cases: [string, Record<string, unknown>][] = [
      ['added-by-id@example.com', { user_id: signedIn.user_id }],
      ['added-by-token@example.com', { session_token: signedIn.session_token }],
      ['added-by-jwt@example.com', { session_jwt: signedIn.session_jwt }],
    ];
    for (const [email, who] of cases) {
      const sent = await serverSend(ctx, '/v1/magic_links/email/send', { email, ...who });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(json(sent).user_id).toBe(signedIn.user_id);
      const token = await latestToken(ctx, email);
      const withoutSession = await redeem({ token });
      expect(json(withoutSession).error_type).toBe('unable_to_auth_magic_link');
      const added = await redeem({ token, session_token: signedIn.session_token });
      expect(added.statusCode, added.body).toBe(200);
      expect(json(added).user.emails.map((e: { email: string }) => e.email)).toContain(email);
    }
    const actions = await actorsOf(ctx, signedIn.user_id);
    expect(actions.filter((a) => a.startsWith('factor.added'))).toEqual([
      'factor.added:project',
      'factor.added:project',
      'factor.added:project',
    ]);
  });

  it("someone else's address with a user → 400 duplicate_email; an unknown user → 404; two users named → 400", async () => {
    const mine = await givenServerUser(ctx, { email: 'mine@example.com' });
    await givenServerUser(ctx, { email: 'theirs@example.com' });
    const before = await sendSnapshot(ctx);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: 'theirs@example.com', user_id: mine.user_id }, 400, 'duplicate_email'],
      [
        { email: 'new@example.com', user_id: 'user-test-00000000-0000-4000-8000-000000000000' },
        404,
        'user_not_found',
      ],
      [
        { email: 'new@example.com', user_id: mine.user_id, session_token: 'x'.repeat(43) },
        400,
        'invalid_request',
      ],
      [{ email: 'new@example.com', session_token: 'x'.repeat(43) }, 404, 'session_not_found'],
    ];
    for (const [payload, status, type] of cases) {
      const response = await serverSend(ctx, '/v1/magic_links/email/send', payload);
      expect(statusAndErrorType(response), JSON.stringify(payload)).toEqual([status, type]);
    }
    expect(await sendSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /v1/magic_links/email/invite and /revoke_invite', () => {
  it('creates a pending user with name and metadata at once; the invite link activates them', async () => {
    const sent = await serverSend(ctx, '/v1/magic_links/email/invite', {
      email: 'invitee@example.com',
      invite_magic_link_url: 'http://localhost:3000/accept',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'team' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { user_id, email_id } = json(sent);
    const user = json(await usersApi(ctx, 'GET', `/v1/users/${user_id}`));
    expect(user).toMatchObject({
      status: 'pending',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'team' },
      emails: [{ email_id, email: 'invitee@example.com', verified: false }],
    });
    const [mail] = await outboxFor(ctx, 'invitee@example.com');
    expect(mail?.text).toContain('http://localhost:3000/accept?');
    const accepted = await redeem({ token: await latestToken(ctx, 'invitee@example.com') });
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted).user).toMatchObject({ status: 'active', emails: [{ verified: true }] });
    expect(await actorsOf(ctx, user_id)).toEqual(['session.created:project', 'user.created:project']);

    // Now active: another invitation is refused, and nothing is sent.
    afterRecipientInterval();
    const again = await serverSend(ctx, '/v1/magic_links/email/invite', { email: 'invitee@example.com' });
    expect(statusAndErrorType(again)).toEqual([400, 'duplicate_email']);
  });

  it('revoke_invite: the link no longer works and a queued one never goes out; no pending invite → 404', async () => {
    const sent = await serverSend(ctx, '/v1/magic_links/email/invite', { email: 'revoked@example.com' });
    const token = await latestToken(ctx, 'revoked@example.com');
    const revoked = await revokeInvite('revoked@example.com');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json(revoked)).toEqual({ status_code: 200, request_id: expect.any(String) });
    expect(json(await redeem({ token })).error_type).toBe('unable_to_auth_magic_link');

    // Invited again and revoked before the queue ran: nothing arrives.
    afterRecipientInterval();
    expect(
      json(await serverSend(ctx, '/v1/magic_links/email/invite', { email: 'revoked@example.com' })).user_id,
    ).toBe(json(sent).user_id);
    await revokeInvite('revoked@example.com');
    expect(await messageCount(ctx, 'revoked@example.com')).toBe(1);

    await givenServerUser(ctx, { email: 'active-user@example.com' });
    for (const email of ['active-user@example.com', 'never-invited@example.com']) {
      const response = await revokeInvite(email);
      expect(statusAndErrorType(response)).toEqual([404, 'email_not_found']);
    }
  });
});

describe('revoke_invite while a worker holds the invitation’s job', () => {
  it('a job claimed before the revocation committed issues no link when it runs after it', async () => {
    const email = 'revoked-mid-flight@example.com';
    await serverSend(ctx, '/v1/magic_links/email/invite', { email });
    // The worker has claimed the job (it holds the row) but not yet issued the link…
    const claimed = await ctx.db
      .selectFrom('delivery_jobs')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    // …when the revocation commits; then the worker issues.
    expect((await revokeInvite(email)).statusCode).toBe(200);
    const handler = createMagicLinkDelivery({ db: ctx.db, clock: ctx.clock, random: cryptoRandom });
    expect(await handler.prepare(claimed, ctx.dev.project)).toEqual({});
    const links = await ctx.db.selectFrom('magic_links').select('id').where('email', '=', email).execute();
    expect(links).toEqual([]);
  });
});

describe('every magic-link send refuses bad input, foreign redirects, floods and the wrong credentials', () => {
  const paths = ['send', 'login_or_create', 'invite'].map((p) => `/v1/magic_links/email/${p}`);

  it('bad input → 400 naming the field; a redirect URL off the allow-list → 400 invalid_redirect_url; nothing stored', async () => {
    await givenServerUser(ctx, { email: 'known@example.com' });
    const before = await sendSnapshot(ctx);
    for (const path of paths) {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'invalid_request', 'email'],
        [{ email: 'not-an-address' }, 'invalid_request', 'email'],
        [{ email: 'known@example.com', colour: 'blue' }, 'invalid_request', 'colour'],
        [{ email: 'known@example.com', attributes: { ip_address: 'x y' } }, 'invalid_request', 'ip_address'],
      ];
      const url = path.endsWith('invite') ? 'invite_magic_link_url' : 'login_magic_link_url';
      const minutes = path.endsWith('invite') ? 'invite_expiration_minutes' : 'login_expiration_minutes';
      cases.push([{ email: 'known@example.com', [minutes]: 1 }, 'invalid_request', minutes]);
      cases.push([
        { email: 'known@example.com', [url]: 'https://evil.example/steal' },
        'invalid_redirect_url',
        '',
      ]);
      for (const [payload, type, field] of cases) {
        const response = await serverSend(ctx, path, payload);
        expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
        expect(json(response).error_type).toBe(type);
        expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(field);
      }
    }
    expect(await sendSnapshot(ctx)).toEqual(before);
  });

  it('a second send to one address within the recipient interval → 429, nothing more sent', async () => {
    await givenServerUser(ctx, { email: 'flood@example.com' });
    for (const path of paths.slice(0, 2)) {
      afterRecipientInterval();
      expect((await serverSend(ctx, path, { email: 'flood@example.com' })).statusCode).toBe(200);
      const before = await sendSnapshot(ctx);
      const again = await serverSend(ctx, path, { email: 'flood@example.com' });
      expect(statusAndErrorType(again)).toEqual([429, 'too_many_requests']);
      expect(await sendSnapshot(ctx)).toEqual(before);
    }
  });

  it('a public token or a session token in place of the secret → 403; nothing sent', async () => {
    const signedIn = await givenSignedInUser(ctx, 'creds@example.com');
    const before = await sendSnapshot(ctx);
    const calls = [...paths, '/v1/magic_links/email/revoke_invite'].map((path) => ({
      path,
      payload: { email: 'creds@example.com' },
    }));
    await expectForbiddenWithoutSecret(ctx, signedIn, calls);
    expect(await sendSnapshot(ctx)).toEqual(before);
  });
});
