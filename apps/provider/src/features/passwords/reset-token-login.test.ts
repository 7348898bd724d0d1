/**
 * A password-reset token redeemed at POST /passwords/email/reset/login: "Login without a password"
 * from the reset form (SECURITY B2, B3, H). Issue 16: it is refused at /magic_links/authenticate.
 */
import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import {
  givenPasswordUser,
  postPasswords,
  resetLinksFor,
  STRONG_PASSWORD,
  startReset,
} from '../../../test/password-helpers.js';
import { passwordLogin } from '../../../test/password-lock-helpers.js';
import { rowCounts, sessionCountOf } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { drainDeliveries, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { mintToken } from '../../crypto/tokens.js';
import { cryptoRandom } from '../../random.js';

const ctx = useTestContext();

const login = (email: string, password: string) => passwordLogin(ctx, email, password);
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
/** POST /sdk/v1/passwords/email/reset/login with `token` (signed out). */
const loginWith = (token: string, body: Record<string, unknown> = {}) =>
  sdkPost(ctx, '/passwords/email/reset/login', { token, session_duration_minutes: 60, ...body });

describe('a reset token at /passwords/email/reset/login', () => {
  it('signs in exactly like a magic link, leaves the password alone and uses up the token', async () => {
    const created = await givenPasswordUser(ctx, 'instead@example.com');
    await startReset(ctx, 'instead@example.com');
    const { reset } = await resetLinksFor(ctx, 'instead@example.com');
    expect((await emailRow('instead@example.com')).verified).toBe(false);

    const response = await loginWith(reset, { session_duration_minutes: 45 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(created.user_id);
    expect(data.email_id).toBe(created.email_id);
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
    expect(await sessionCountOf(ctx, created.user_id)).toBe(3);
    const again = await loginWith(reset);
    expect(statusAndErrorType(again)).toEqual([401, 'invalid_reset_token']);
    const viaReset = await resetWith(reset, 'another-unusual-passphrase-17');
    expect(statusAndErrorType(viaReset)).toEqual([401, 'invalid_reset_token']);
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
    expect((await loginWith(reset)).statusCode).toBe(200);
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
    // The pending user is made by the delivery worker, just after the answer.
    await drainDeliveries(ctx);
    const user = () =>
      ctx.db
        .selectFrom('users')
        .select('status')
        .where('id', '=', sent.data.user_id)
        .executeTakeFirstOrThrow();
    expect((await user()).status).toBe('pending');
    await startReset(ctx, 'pending-reset@example.com');
    const { reset } = await resetLinksFor(ctx, 'pending-reset@example.com');
    const response = await loginWith(reset);
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
      const refused = await loginWith(reset, body);
      expect(statusAndErrorType(refused)).toEqual([400, 'pkce_mismatch']);
      expect(json(refused).error_message.toLowerCase()).toContain('pkce');
    }
    expect((await loginWith(reset, { code_verifier: verifier })).statusCode).toBe(200);
    // The email's login link carries the same challenge, so the SDK's reset verifier redeems it too.
    expect((await authenticateMagicLink(ctx, loginLink)).statusCode).toBe(400);
    expect((await authenticateMagicLink(ctx, loginLink, { code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses a verifier for a reset started without a challenge (downgrade), token untouched', async () => {
    await givenPasswordUser(ctx, 'nopkce@example.com');
    await startReset(ctx, 'nopkce@example.com');
    const { reset } = await resetLinksFor(ctx, 'nopkce@example.com');
    const refused = await loginWith(reset, { code_verifier: 'r'.repeat(43) });
    expect(statusAndErrorType(refused)).toEqual([400, 'pkce_mismatch']);
    expect((await loginWith(reset)).statusCode).toBe(200);
  });

  it('answers unknown, expired and superseded tokens like a password reset: 401 invalid_reset_token', async () => {
    await givenPasswordUser(ctx, 'stale@example.com');
    await startReset(ctx, 'stale@example.com');
    const first = await resetLinksFor(ctx, 'stale@example.com');
    ctx.clock.advance(61_000);
    await startReset(ctx, 'stale@example.com');
    const second = await resetLinksFor(ctx, 'stale@example.com');
    ctx.clock.advance(31 * 60_000);
    for (const token of [first.reset, second.reset, mintToken(cryptoRandom).token]) {
      const response = await loginWith(token);
      expect(statusAndErrorType(response)).toEqual([401, 'invalid_reset_token']);
    }
  });
});

describe('races on one reset token', () => {
  it('20 concurrent redemptions: exactly one 200 and one new session', async () => {
    const created = await givenPasswordUser(ctx, 'race-instead@example.com');
    await startReset(ctx, 'race-instead@example.com');
    const { reset } = await resetLinksFor(ctx, 'race-instead@example.com');
    const responses = await Promise.all(Array.from({ length: 20 }, () => loginWith(reset)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    expect(await sessionCountOf(ctx, created.user_id)).toBe(2);
  });

  it('a login and a password reset with one token at once: exactly one wins', async () => {
    const created = await givenPasswordUser(ctx, 'race-mixed@example.com');
    await startReset(ctx, 'race-mixed@example.com');
    const { reset } = await resetLinksFor(ctx, 'race-mixed@example.com');
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => loginWith(reset)),
      ...Array.from({ length: 5 }, (_, i) => resetWith(reset, `mixed-race-passphrase-${i}-otter`)),
    ]);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(9);
    const used = (await resetsOf(created.user_id)).filter((row) => row.used_at !== null);
    expect(used).toHaveLength(1);
  });
});

describe('each token kind only at its own endpoints (issue 16)', () => {
  /** Everything a refused redemption must leave as it was. */
  const snapshot = async () => ({
    counts: await rowCounts(ctx, ['sessions', 'intermediate_sessions', 'password_resets', 'magic_links']),
    resets: await ctx.db
      .selectFrom('password_resets')
      .select(['id', 'used_at', 'revoked_at'])
      .orderBy('id')
      .execute(),
    links: await ctx.db
      .selectFrom('magic_links')
      .select(['id', 'used_at', 'revoked_at'])
      .orderBy('id')
      .execute(),
    emails: await ctx.db.selectFrom('emails').select(['id', 'verified']).orderBy('id').execute(),
  });

  it('a reset token at /magic_links/authenticate (browser and server API): 401, nothing consumed', async () => {
    await givenPasswordUser(ctx, 'kinds-reset@example.com');
    await startReset(ctx, 'kinds-reset@example.com');
    const { reset } = await resetLinksFor(ctx, 'kinds-reset@example.com');
    const before = await snapshot();
    const browser = await authenticateMagicLink(ctx, reset);
    expect(statusAndErrorType(browser)).toEqual([401, 'unable_to_auth_magic_link']);
    const server = await postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), {
      token: reset,
    });
    expect(statusAndErrorType(server)).toEqual([401, 'unable_to_auth_magic_link']);
    expect(await snapshot()).toEqual(before);
    // Still a reset token where it belongs.
    expect((await loginWith(reset)).statusCode).toBe(200);
  });

  it('a magic-link token at the reset endpoints: 401 invalid_reset_token, nothing consumed', async () => {
    await requestMagicLink(ctx, 'kinds-link@example.com');
    const link = await latestToken(ctx, 'kinds-link@example.com');
    const before = await snapshot();
    for (const response of [await loginWith(link), await resetWith(link, 'kinds-unusual-passphrase-19')])
      expect(statusAndErrorType(response)).toEqual([401, 'invalid_reset_token']);
    expect(await snapshot()).toEqual(before);
    expect((await authenticateMagicLink(ctx, link)).statusCode).toBe(200);
  });
});
