/** Magic links end to end through the HTTP API: send, redeem, single use, expiry, supersession, pending users. */
import { describe, expect, it } from 'vitest';
import {
  authenticateMagicLink,
  authenticateMagicLinkWith,
  latestToken,
  outboxFor,
  requestMagicLink,
  requestSecondaryLink,
  tokenFromText,
} from '../../../test/magic-link-helpers.js';
import { countRows, sessionCountOf } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { DEMO_REDIRECT, drainDeliveries, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

describe('POST /sdk/v1/magic_links/email/login_or_create', () => {
  it('creates the user, emails a 44-character token link to the default redirect and answers user_id/email_id', async () => {
    const response = await requestMagicLink(ctx, 'Ada@Example.com');
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data).toEqual({
      request_id: expect.stringMatching(/^request-id-test-/),
      status_code: 200,
      user_id: expect.stringMatching(/^user-test-/),
      email_id: expect.stringMatching(/^email-test-/),
    });
    const [message] = await outboxFor(ctx, 'ada@example.com');
    expect(message?.subject).toMatch(/Finish creating your/);
    expect(message?.text).toContain(`${DEMO_REDIRECT}?stytch_token_type=magic_links&token=`);
    expect(message?.text).toContain('expires in 30 minutes');
    expect(message?.html).toContain('If you did not ask for this email');
    expect(tokenFromText(message?.text as string)).toMatch(/^[A-Za-z0-9_-]{44}$/);
    const stored = await ctx.db
      .selectFrom('magic_links')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .execute();
    expect(stored).toHaveLength(1);
    // Only the hash is stored (SECURITY B10).
    expect(stored[0]?.token_hash).not.toBe(tokenFromText(message?.text as string));
  });

  it('sends a login link to an existing user, with the same response shape', async () => {
    const first = json(await requestMagicLink(ctx, 'grace@example.com')).data;
    const again = await requestMagicLink(ctx, 'grace@example.com', { login_expiration_minutes: 15 });
    expect(again.statusCode).toBe(200);
    expect(Object.keys(json(again).data).sort()).toEqual(Object.keys(first).sort());
    expect(json(again).data.user_id).toBe(first.user_id);
    const [newest] = await outboxFor(ctx, 'grace@example.com');
    expect(newest?.subject).toMatch(/sign-in link/);
    expect(newest?.text).toContain('expires in 15 minutes');
  });

  it('appends the token with & when the redirect already has a query', async () => {
    await requestMagicLink(ctx, 'query@example.com', {
      signup_magic_link_url: 'http://localhost:4100/cb?next=%2Fhome',
    });
    const [message] = await outboxFor(ctx, 'query@example.com');
    expect(message?.text).toContain(
      'http://localhost:4100/cb?next=%2Fhome&stytch_token_type=magic_links&token=',
    );
  });

  it.each([
    'https://evil.example/authenticate',
    'http://localhost:4100@evil.example/',
    'http://localhost.evil.example:4100/',
    'javascript:alert(1)',
    ' http://localhost:4100/authenticate',
    'http://user:pw@localhost:4100/authenticate',
  ])('rejects redirect %s with 400 invalid_redirect_url and creates and sends nothing', async (url) => {
    const before = await Promise.all([
      countRows(ctx, 'users'),
      countRows(ctx, 'outbox_messages'),
      countRows(ctx, 'magic_links'),
    ]);
    const response = await requestMagicLink(ctx, 'mallory@example.com', { login_magic_link_url: url });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ status_code: 400, error_type: 'invalid_redirect_url' });
    expect(json(response).body).toBeUndefined();
    const after = await Promise.all([
      countRows(ctx, 'users'),
      countRows(ctx, 'outbox_messages'),
      countRows(ctx, 'magic_links'),
    ]);
    expect(after).toEqual(before);
    expect(await outboxFor(ctx, 'mallory@example.com')).toHaveLength(0);
  });

  it('rejects a malformed email with 400 invalid_request listing the field', async () => {
    const response = await requestMagicLink(ctx, 'not-an-email\r\nBcc: x@evil.example');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error_type: 'invalid_request', body: [{ dataPath: '.email' }] });
  });

  it('rejects expirations beyond 7 days', async () => {
    const response = await requestMagicLink(ctx, 'long@example.com', { login_expiration_minutes: 10081 });
    expect(response.statusCode).toBe(400);
    expect(json(response).body[0].dataPath).toBe('.login_expiration_minutes');
  });
});

describe('POST /sdk/v1/magic_links/authenticate', () => {
  it('signs the user in with a session, JWT, user and __user, verifying the email', async () => {
    await requestMagicLink(ctx, 'hopper@example.com');
    const response = await authenticateMagicLink(ctx, await latestToken(ctx, 'hopper@example.com'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = json(response);
    expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.user).toEqual(data.__user);
    expect(data.user.emails).toEqual([
      { email_id: data.method_id, email: 'hopper@example.com', verified: true },
    ]);
    expect(data.user).toMatchObject({
      status: 'active',
      password: null,
      phone_numbers: [],
      totps: [],
      untrusted_metadata: {},
    });
    expect(data.session).toMatchObject({
      user_id: data.user_id,
      expires_at: '2026-03-01T13:00:00.000Z',
      authentication_factors: [
        {
          type: 'magic_link',
          delivery_method: 'email',
          email_factor: { email_address: 'hopper@example.com' },
        },
      ],
    });
  });

  it('rejects a reused token with 401 and leaves exactly one session', async () => {
    await requestMagicLink(ctx, 'reuse@example.com');
    const token = await latestToken(ctx, 'reuse@example.com');
    const first = await authenticateMagicLink(ctx, token);
    expect(first.statusCode).toBe(200);
    const second = await authenticateMagicLink(ctx, token);
    expect(second.statusCode).toBe(401);
    expect(json(second)).toMatchObject({ status_code: 401, error_type: 'unable_to_auth_magic_link' });
    expect(await sessionCountOf(ctx, json(first).data.user_id)).toBe(1);
  });

  it('rejects an unknown token with 401', async () => {
    const response = await authenticateMagicLink(ctx, 'A'.repeat(44));
    expect(response.statusCode).toBe(401);
    expect(json(response).error_type).toBe('unable_to_auth_magic_link');
  });

  it('rejects an expired token (clock moved past the expiry) and creates no session', async () => {
    await requestMagicLink(ctx, 'late@example.com', { signup_expiration_minutes: 5 });
    const token = await latestToken(ctx, 'late@example.com');
    const sessionsBefore = await countRows(ctx, 'sessions');
    ctx.clock.advance(5 * 60_000 + 1000);
    try {
      const response = await authenticateMagicLink(ctx, token);
      expect(response.statusCode).toBe(401);
      expect(json(response).error_type).toBe('unable_to_auth_magic_link');
      expect(await countRows(ctx, 'sessions')).toBe(sessionsBefore);
    } finally {
      ctx.clock.advance(-(5 * 60_000 + 1000));
    }
  });

  it('accepts a token one second before it expires', async () => {
    await requestMagicLink(ctx, 'justintime@example.com', { signup_expiration_minutes: 5 });
    const token = await latestToken(ctx, 'justintime@example.com');
    ctx.clock.advance(5 * 60_000 - 1000);
    try {
      expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-(5 * 60_000 - 1000));
    }
  });

  it('only accepts the newest link after a resend', async () => {
    await requestMagicLink(ctx, 'resend@example.com');
    const older = await latestToken(ctx, 'resend@example.com');
    await requestMagicLink(ctx, 'resend@example.com');
    const newer = await latestToken(ctx, 'resend@example.com');
    expect(newer).not.toBe(older);
    expect((await authenticateMagicLink(ctx, older)).statusCode).toBe(401);
    expect((await authenticateMagicLink(ctx, newer)).statusCode).toBe(200);
  });

  it('creates pending users with create_user_as_pending and activates them on first sign-in', async () => {
    const sent = json(
      await requestMagicLink(ctx, 'pending@example.com', { create_user_as_pending: true }),
    ).data;
    // The delivery worker creates the user, with the ids the answer named, before it sends the link.
    await drainDeliveries(ctx);
    const row = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', sent.user_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const email = await ctx.db
      .selectFrom('emails')
      .select('verified')
      .where('id', '=', sent.email_id)
      .executeTakeFirstOrThrow();
    expect(email.verified).toBe(false);
    const response = await authenticateMagicLink(ctx, await latestToken(ctx, 'pending@example.com'));
    expect(json(response).data.user.status).toBe('active');
    expect(json(response).data.user.emails[0].verified).toBe(true);
  });

  it('mints a new session token even when a valid session token is in Basic auth (no fixation)', async () => {
    await requestMagicLink(ctx, 'fixation@example.com');
    const planted = json(
      await authenticateMagicLink(ctx, await latestToken(ctx, 'fixation@example.com')),
    ).data;
    await requestMagicLink(ctx, 'fixation@example.com');
    const response = await authenticateMagicLinkWith(
      ctx,
      planted.session_token,
      await latestToken(ctx, 'fixation@example.com'),
    );
    expect(response.statusCode).toBe(200);
    expect(json(response).data.session_token).not.toBe(planted.session_token);
    expect(json(response).data.session.session_id).not.toBe(planted.session.session_id);
  });

  it('is POST-only: GET and HEAD consume nothing', async () => {
    await requestMagicLink(ctx, 'scanner@example.com');
    const token = await latestToken(ctx, 'scanner@example.com');
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.app.inject({
        method,
        url: `/sdk/v1/magic_links/authenticate?token=${token}`,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(200);
  });
});

describe('send/primary and send/secondary', () => {
  it('answers an unknown address like a known one and emails a stub without a token', async () => {
    const usersBefore = await countRows(ctx, 'users');
    const send = (email: string) => sdkPost(ctx, '/magic_links/email/send/primary', { email });
    const unknown = await send('nobody@example.com');
    const unknownAgain = await send('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(json(unknown).data).toMatchObject({
      user_id: expect.stringMatching(/^user-test-[0-9a-f-]{36}$/),
      email_id: expect.stringMatching(/^email-test-/),
    });
    expect(json(unknownAgain).data.user_id).toBe(json(unknown).data.user_id);
    expect(await countRows(ctx, 'users')).toBe(usersBefore);
    const [stub] = await outboxFor(ctx, 'nobody@example.com');
    expect(stub?.text).not.toMatch(/token=/);

    await requestMagicLink(ctx, 'known@example.com');
    const known = await send('known@example.com');
    expect(Object.keys(json(known).data).sort()).toEqual(Object.keys(json(unknown).data).sort());
    expect((await outboxFor(ctx, 'known@example.com'))[0]?.text).toMatch(/token=/);
  });

  it('send/secondary needs a session and adds the address only when the link is used', async () => {
    const anonymous = await requestSecondaryLink(ctx, undefined, 'second@example.com');
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous).error_type).toBe('user_unauthenticated');

    await requestMagicLink(ctx, 'first@example.com');
    const signedIn = json(await authenticateMagicLink(ctx, await latestToken(ctx, 'first@example.com'))).data;
    ctx.clock.advance(1000); // emails are listed oldest first
    const sent = await requestSecondaryLink(ctx, signedIn.session_token, 'second@example.com');
    expect(sent.statusCode).toBe(200);
    expect(json(sent).data.user_id).toBe(signedIn.user_id);
    expect(
      await ctx.db.selectFrom('emails').select('id').where('email', '=', 'second@example.com').execute(),
    ).toHaveLength(0);
    // Only the asker's session may use the link (magic-links-secondary.test.ts, issue 16).
    const redeemed = await authenticateMagicLinkWith(
      ctx,
      signedIn.session_token,
      await latestToken(ctx, 'second@example.com'),
    );
    expect(redeemed.statusCode).toBe(200);
    expect(json(redeemed).data.user_id).toBe(signedIn.user_id);
    expect(json(redeemed).data.user.emails.map((e: { email: string }) => e.email)).toEqual([
      'first@example.com',
      'second@example.com',
    ]);
  });
});
