/** A password-reset token redeemed at POST /magic_links/authenticate: "log in without a password" from the reset form (SECURITY B2, B3, H). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateMagicLink, requestMagicLink } from '../../../test/magic-link-helpers.js';
import {
  givenPasswordUser,
  postPasswords,
  resetLinksFor,
  STRONG_PASSWORD,
  startReset,
} from '../../../test/password-helpers.js';
import { createTestContext, json, type TestContext } from '../../../test/test-app.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { mintToken } from '../../crypto/tokens.js';
import { cryptoRandom } from '../../random.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const login = (email: string, password: string) =>
  postPasswords(ctx, '/passwords/authenticate', { email, password });
const resetWith = (token: string, password: string) =>
  postPasswords(ctx, '/passwords/email/reset', { token, password, session_duration_minutes: 60 });
const emailRow = (email: string) =>
  ctx.db.selectFrom('emails').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const resetsOf = (userId: string) =>
  ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
const sessionsOf = (userId: string) =>
  ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

describe('a reset token at /magic_links/authenticate', () => {
  it('signs in exactly like a magic link, leaves the password alone and uses up the token', async () => {
    const created = await givenPasswordUser(ctx, 'instead@example.com');
    await startReset(ctx, 'instead@example.com');
    const { reset } = await resetLinksFor(ctx, 'instead@example.com');
    expect((await emailRow('instead@example.com')).verified).toBe(false);

    const response = await authenticateMagicLink(ctx, reset, { session_duration_minutes: 45 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(created.user_id);
    expect(data.method_id).toBe(created.email_id);
    expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.session_token).not.toBe(created.session_token);
    expect(data.user).toEqual(data.__user);
    expect(data.user.emails).toEqual([
      { email_id: created.email_id, email: 'instead@example.com', verified: true },
    ]);
    expect(data.session.authentication_factors).toEqual([
      {
        type: 'magic_link',
        delivery_method: 'email',
        last_authenticated_at: ctx.clock.now().toISOString(),
        email_factor: { email_id: created.email_id, email_address: 'instead@example.com' },
      },
    ]);
    expect(Date.parse(data.session.expires_at) - ctx.clock.now().getTime()).toBe(45 * 60_000);
    // The password is unchanged, the earlier session lives on, and the token is spent everywhere.
    expect((await login('instead@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await sessionsOf(created.user_id)).length).toBe(3);
    const again = await authenticateMagicLink(ctx, reset);
    expect([again.statusCode, json(again).error_type]).toEqual([401, 'unable_to_auth_magic_link']);
    const viaReset = await resetWith(reset, 'another-unusual-passphrase-17');
    expect([viaReset.statusCode, json(viaReset).error_type]).toEqual([401, 'invalid_reset_token']);
  });

  it("revokes the user's other open resets", async () => {
    const created = await givenPasswordUser(ctx, 'others@example.com');
    await startReset(ctx, 'others@example.com');
    const { reset } = await resetLinksFor(ctx, 'others@example.com');
    // A second open token (reset/start itself revokes older ones, so it is stored directly).
    const [open] = await resetsOf(created.user_id);
    const other = mintToken(cryptoRandom);
    await ctx.db
      .insertInto('password_resets')
      .values({
        ...(open as NonNullable<typeof open>),
        id: 'password-reset-test-other',
        token_hash: other.hash,
      })
      .execute();
    expect((await authenticateMagicLink(ctx, reset)).statusCode).toBe(200);
    const rows = await resetsOf(created.user_id);
    expect(rows.map((row) => [row.used_at !== null, row.revoked_at !== null]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await resetWith(other.token, 'another-unusual-passphrase-18')).statusCode).toBe(401);
  });

  it('activates a pending user and verifies the address', async () => {
    const sent = json(
      await requestMagicLink(ctx, 'pending-reset@example.com', { create_user_as_pending: true }),
    );
    const user = () =>
      ctx.db
        .selectFrom('users')
        .select('status')
        .where('id', '=', sent.data.user_id)
        .executeTakeFirstOrThrow();
    expect((await user()).status).toBe('pending');
    await startReset(ctx, 'pending-reset@example.com');
    const { reset } = await resetLinksFor(ctx, 'pending-reset@example.com');
    const response = await authenticateMagicLink(ctx, reset);
    expect(response.statusCode).toBe(200);
    expect(json(response).data.user.status).toBe('active');
    expect((await user()).status).toBe('active');
    expect((await emailRow('pending-reset@example.com')).verified).toBe(true);
  });

  it('checks PKCE against the reset start before consuming; failures leave the token usable', async () => {
    await givenPasswordUser(ctx, 'pkce-instead@example.com');
    const verifier = 'p'.repeat(43);
    await startReset(ctx, 'pkce-instead@example.com', { code_challenge: s256Challenge(verifier) });
    const { reset, login: loginLink } = await resetLinksFor(ctx, 'pkce-instead@example.com');
    for (const body of [{}, { code_verifier: 'q'.repeat(43) }]) {
      const refused = await authenticateMagicLink(ctx, reset, body);
      expect([refused.statusCode, json(refused).error_type]).toEqual([400, 'pkce_mismatch']);
      expect(json(refused).error_message.toLowerCase()).toContain('pkce');
    }
    expect((await authenticateMagicLink(ctx, reset, { code_verifier: verifier })).statusCode).toBe(200);
    // The email's login link carries the same challenge, so the SDK's reset verifier redeems it too.
    expect((await authenticateMagicLink(ctx, loginLink)).statusCode).toBe(400);
    expect((await authenticateMagicLink(ctx, loginLink, { code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses a verifier for a reset started without a challenge (downgrade), token untouched', async () => {
    await givenPasswordUser(ctx, 'nopkce@example.com');
    await startReset(ctx, 'nopkce@example.com');
    const { reset } = await resetLinksFor(ctx, 'nopkce@example.com');
    const refused = await authenticateMagicLink(ctx, reset, { code_verifier: 'r'.repeat(43) });
    expect([refused.statusCode, json(refused).error_type]).toEqual([400, 'pkce_mismatch']);
    expect((await authenticateMagicLink(ctx, reset)).statusCode).toBe(200);
  });

  it('answers unknown, expired and superseded tokens as before: 401 unable_to_auth_magic_link', async () => {
    await givenPasswordUser(ctx, 'stale@example.com');
    await startReset(ctx, 'stale@example.com');
    const first = await resetLinksFor(ctx, 'stale@example.com');
    ctx.clock.advance(61_000);
    await startReset(ctx, 'stale@example.com');
    const second = await resetLinksFor(ctx, 'stale@example.com');
    ctx.clock.advance(31 * 60_000);
    for (const token of [first.reset, second.reset, mintToken(cryptoRandom).token]) {
      const response = await authenticateMagicLink(ctx, token);
      expect([response.statusCode, json(response).error_type]).toEqual([401, 'unable_to_auth_magic_link']);
    }
  });
});

describe('races on one reset token', () => {
  it('20 concurrent redemptions: exactly one 200 and one new session', async () => {
    const created = await givenPasswordUser(ctx, 'race-instead@example.com');
    await startReset(ctx, 'race-instead@example.com');
    const { reset } = await resetLinksFor(ctx, 'race-instead@example.com');
    const responses = await Promise.all(Array.from({ length: 20 }, () => authenticateMagicLink(ctx, reset)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    expect((await sessionsOf(created.user_id)).length).toBe(2);
  });

  it('a login and a password reset with one token at once: exactly one wins', async () => {
    const created = await givenPasswordUser(ctx, 'race-mixed@example.com');
    await startReset(ctx, 'race-mixed@example.com');
    const { reset } = await resetLinksFor(ctx, 'race-mixed@example.com');
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => authenticateMagicLink(ctx, reset)),
      ...Array.from({ length: 5 }, (_, i) => resetWith(reset, `mixed-race-passphrase-${i}-otter`)),
    ]);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(9);
    const used = (await resetsOf(created.user_id)).filter((row) => row.used_at !== null);
    expect(used).toHaveLength(1);
  });
});
