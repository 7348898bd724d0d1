/**
 * The session check without a write on the hot path (issue 18): `last_accessed_at` and small
 * extensions recorded at a one-minute grain, and the session JWT handed out again while it has
 * more than four of its five minutes left, but never once its claims changed.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { toJson } from '../../db/json-column.js';
import type { AuthenticationFactor } from './sessions.table.js';

const ctx = useTestContext();

async function check(sessionToken: string, body: Record<string, unknown> = {}) {
  const response = await sdkPost(ctx, '/sessions/authenticate', body, { sessionToken });
  expect(response.statusCode).toBe(200);
  return json(response).data as {
    session_jwt: string;
    session: { session_id: string; last_accessed_at: string; expires_at: string };
  };
}

const storedRow = (id: string) =>
  ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as {
    iat: number;
    exp: number;
    'https://stytch.com/session': { authentication_factors: AuthenticationFactor[]; expires_at: string };
  };

const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

describe('last_accessed_at at a one-minute grain', () => {
  it('a check within a minute of the recorded access writes nothing; one a minute later records it', async () => {
    const signedIn = await givenSignedInUser(ctx, 'grain@example.com');
    const before = await storedRow(signedIn.session.session_id);

    ctx.clock.advance(59_000);
    const early = await check(signedIn.session_token);
    expect(early.session.last_accessed_at).toBe(signedIn.session.last_accessed_at);
    expect(await storedRow(signedIn.session.session_id)).toEqual(before);

    ctx.clock.advance(1_000);
    const due = await check(signedIn.session_token);
    expect(due.session.last_accessed_at).toBe(ctx.clock.now().toISOString());
    expect((await storedRow(signedIn.session.session_id)).last_accessed_at).toEqual(ctx.clock.now());
  });

  it('an extension is written when it moves expires_at by a minute or more, not for less', async () => {
    const signedIn = await givenSignedInUser(ctx, 'extend-grain@example.com', 60);
    ctx.clock.advance(30_000);
    const small = await check(signedIn.session_token, { session_duration_minutes: 60 });
    expect(small.session.expires_at).toBe(signedIn.session.expires_at);

    ctx.clock.advance(30_000);
    const due = await check(signedIn.session_token, { session_duration_minutes: 60 });
    const extended = new Date(ctx.clock.now().getTime() + 60 * 60_000);
    expect(due.session.expires_at).toBe(extended.toISOString());
    expect((await storedRow(signedIn.session.session_id)).expires_at).toEqual(extended);
  });

  it('a shorter duration is written at once, however small the change', async () => {
    const signedIn = await givenSignedInUser(ctx, 'shorten@example.com', 60);
    ctx.clock.advance(10_000);
    const shorter = await check(signedIn.session_token, { session_duration_minutes: 59 });
    const expected = new Date(ctx.clock.now().getTime() + 59 * 60_000);
    expect(shorter.session.expires_at).toBe(expected.toISOString());
    expect((await storedRow(signedIn.session.session_id)).expires_at).toEqual(expected);
  });
});

describe('the session JWT handed out again', () => {
  it('is the same JWT while it has more than four minutes left, a newly signed one after', async () => {
    const signedIn = await givenSignedInUser(ctx, 'reuse@example.com');
    ctx.clock.advance(30_000);
    expect((await check(signedIn.session_token)).session_jwt).toBe(signedIn.session_jwt);

    ctx.clock.advance(30_000);
    const renewed = (await check(signedIn.session_token)).session_jwt;
    expect(renewed).not.toBe(signedIn.session_jwt);
    expect(claimsOf(renewed)).toMatchObject({ iat: nowSeconds(), exp: nowSeconds() + 300 });
  });

  it('is the same JWT up to the end of a session that ends within its five minutes', async () => {
    const signedIn = await givenSignedInUser(ctx, 'short@example.com', 5);
    expect(claimsOf(signedIn.session_jwt).exp).toBe(Date.parse(signedIn.session.expires_at as string) / 1000);
    ctx.clock.advance(4 * 60_000);
    expect((await check(signedIn.session_token)).session_jwt).toBe(signedIn.session_jwt);
  });

  it('is signed anew at once when the session gains a factor or a new expiry', async () => {
    const signedIn = await givenSignedInUser(ctx, 'claims@example.com');
    const row = await storedRow(signedIn.session.session_id);
    const added: AuthenticationFactor = {
      type: 'otp',
      delivery_method: 'sms',
      last_authenticated_at: ctx.clock.now().toISOString(),
    };
    // As another instance's step-up would leave the row.
    await ctx.db
      .updateTable('sessions')
      .set({ authentication_factors: toJson([...row.authentication_factors, added]) })
      .where('id', '=', row.id)
      .execute();
    const withFactor = (await check(signedIn.session_token)).session_jwt;
    expect(withFactor).not.toBe(signedIn.session_jwt);
    expect(claimsOf(withFactor)['https://stytch.com/session'].authentication_factors).toContainEqual(added);

    const extended = await check(signedIn.session_token, { session_duration_minutes: 120 });
    expect(extended.session_jwt).not.toBe(withFactor);
    expect(claimsOf(extended.session_jwt)['https://stytch.com/session'].expires_at).toBe(
      extended.session.expires_at,
    );
  });

  it('is never handed out for a session that has ended', async () => {
    const signedIn = await givenSignedInUser(ctx, 'ended@example.com');
    await sdkPost(ctx, '/sessions/revoke', undefined, { sessionToken: signedIn.session_token });
    const response = await sdkPost(
      ctx,
      '/sessions/authenticate',
      {},
      { sessionToken: signedIn.session_token },
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(signedIn.session_jwt);
  });
});
