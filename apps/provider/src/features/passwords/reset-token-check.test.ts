/**
 * POST /passwords/email/reset/check (issue 17 item 5): the reset screen asks whether its link
 * still works and for which address. Read-only, rate-limited, and one answer for every dead token.
 */
import { describe, expect, it } from 'vitest';
import {
  freshPasswordIp,
  givenPasswordUser,
  PASSWORD_FLOW_TABLES,
  postPasswords,
  resetLinksFor,
  startReset,
} from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { DEMO_ORIGIN, DEMO_REDIRECT, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { mintToken } from '../../crypto/tokens.js';
import { cryptoRandom } from '../../random.js';
import { RESET_TOKEN_CHECK_LIMITS } from '../../rate-limit/reset-token-check-throttle.js';

const ctx = useTestContext();

const check = (token: string, options: { ip?: string; publicToken?: string; body?: object } = {}) =>
  postPasswords(ctx, '/passwords/email/reset/check', { token, ...options.body }, options);
const resetWith = (token: string, body: Record<string, unknown> = {}) =>
  postPasswords(ctx, '/passwords/email/reset', {
    token,
    password: 'a-brand-new-unusual-passphrase-41',
    session_duration_minutes: 60,
    ...body,
  });

/** Everything a reset token check could change, row by row. */
async function everything() {
  const counts = await rowCounts(ctx, PASSWORD_FLOW_TABLES);
  const resets = await ctx.db.selectFrom('password_resets').selectAll().orderBy('id').execute();
  const emails = await ctx.db.selectFrom('emails').selectAll().orderBy('id').execute();
  const users = await ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
  return { counts, resets, emails, users };
}

async function givenResetLink(email: string, body: Record<string, unknown> = {}) {
  await givenPasswordUser(ctx, email);
  const started = await startReset(ctx, email, body);
  expect(started.statusCode).toBe(200);
  return (await resetLinksFor(ctx, email)).reset;
}

const DEAD = { status: 401, error_type: 'invalid_reset_token' } as const;
const outcome = (response: Awaited<ReturnType<typeof check>>) => ({
  status: response.statusCode,
  error_type: json(response).error_type,
});

describe('an open reset link', () => {
  it('names its address and expiry, changes nothing, and still resets the password afterwards', async () => {
    const token = await givenResetLink('check-open@example.com', { reset_password_expiration_minutes: 20 });
    const before = await everything();

    for (let i = 0; i < 3; i += 1) {
      const response = await check(token);
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect(data.email).toBe('check-open@example.com');
      expect(data.expires_at).toBe(new Date(ctx.clock.now().getTime() + 20 * 60_000).toISOString());
      // Only what the screen shows: no ids, no account state.
      expect(Object.keys(data).sort()).toEqual(['email', 'expires_at', 'request_id', 'status_code']);
    }
    expect(await everything()).toEqual(before);

    const reset = await resetWith(token);
    expect(reset.statusCode).toBe(200);
    const after = await check(token);
    expect(outcome(after)).toEqual(DEAD);
  });
});

describe('a dead reset link', () => {
  it('answers 401 invalid_reset_token with one message for unknown, used, superseded and expired', async () => {
    const used = await givenResetLink('check-used@example.com');
    expect((await resetWith(used)).statusCode).toBe(200);
    const superseded = await givenResetLink('check-superseded@example.com');
    expect((await startReset(ctx, 'check-superseded@example.com')).statusCode).toBe(200);
    await resetLinksFor(ctx, 'check-superseded@example.com');
    const expiring = await givenResetLink('check-expired@example.com', {
      reset_password_expiration_minutes: 5,
    });
    const fresh = await givenResetLink('check-live@example.com', { reset_password_expiration_minutes: 60 });
    ctx.clock.advance(5 * 60_000);
    const unknown = mintToken(cryptoRandom).token;

    const before = await everything();
    const answers = [];
    for (const token of [unknown, used, superseded, expiring]) {
      const response = await check(token);
      expect(outcome(response)).toEqual(DEAD);
      answers.push(json(response).error_message);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await everything()).toEqual(before);
    // A refusal of one link says nothing about another.
    expect((await check(fresh)).statusCode).toBe(200);
  });

  it('is dead once its address has left the account', async () => {
    const token = await givenResetLink('check-moved@example.com');
    const other = await givenPasswordUser(ctx, 'check-moved-to@example.com');
    await ctx.db
      .updateTable('emails')
      .set({ user_id: other.user_id })
      .where('email', '=', 'check-moved@example.com')
      .execute();
    expect(outcome(await check(token))).toEqual(DEAD);
  });
});

describe('a reset started with a PKCE challenge', () => {
  it('names the address only with the verifier; a wrong or missing one is pkce_mismatch and spends nothing', async () => {
    const verifier = 'v'.repeat(43);
    const token = await givenResetLink('check-pkce@example.com', { code_challenge: s256Challenge(verifier) });
    const before = await everything();
    for (const body of [{}, { code_verifier: 'w'.repeat(43) }]) {
      const refused = await check(token, { body });
      expect(statusAndErrorType(refused)).toEqual([400, 'pkce_mismatch']);
      expect(refused.body).not.toContain('check-pkce');
    }
    expect(await everything()).toEqual(before);
    const response = await check(token, { body: { code_verifier: verifier } });
    expect(json(response).data.email).toBe('check-pkce@example.com');
    expect((await resetWith(token, { code_verifier: verifier })).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it(`checks one token at most ${RESET_TOKEN_CHECK_LIMITS.tokenPerWindow} times in 10 minutes, from any network`, async () => {
    const token = await givenResetLink('check-limit@example.com');
    const other = await givenResetLink('check-limit-other@example.com');
    for (let i = 0; i < RESET_TOKEN_CHECK_LIMITS.tokenPerWindow; i += 1)
      expect((await check(token, { ip: freshPasswordIp() })).statusCode).toBe(200);
    const before = await everything();
    const refused = await check(token, { ip: freshPasswordIp() });
    expect(statusAndErrorType(refused)).toEqual([429, 'too_many_requests']);
    expect(json(refused).error_message).toBe(
      'This reset link was checked too many times. Try again in 10 minutes.',
    );
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.body).not.toContain('check-limit');
    expect(await everything()).toEqual(before);
    // Another link is not affected, and the limited link still resets the password.
    expect((await check(other)).statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(200);
    ctx.clock.advance(600_000);
    expect(outcome(await check(token))).toEqual(DEAD);
  });

  it(`allows ${RESET_TOKEN_CHECK_LIMITS.ipPerMinute} checks a minute from one network, known tokens or not`, async () => {
    const project = await ctx.givenProject({
      allowedOrigins: [DEMO_ORIGIN],
      allowedRedirectUrls: [DEMO_REDIRECT],
      defaultLoginRedirectUrl: DEMO_REDIRECT,
    });
    const ip = '198.51.100.7';
    const hit = (token: string, from = ip) => check(token, { ip: from, publicToken: project.public_token });
    for (let i = 0; i < RESET_TOKEN_CHECK_LIMITS.ipPerMinute; i += 1)
      expect(outcome(await hit(mintToken(cryptoRandom).token))).toEqual(DEAD);
    const refused = await hit(mintToken(cryptoRandom).token);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error_message).toBe(
      'Too many reset link checks from this network. Try again in 60 seconds.',
    );
    expect((await hit(mintToken(cryptoRandom).token, '198.51.100.8')).statusCode).toBe(401);
    ctx.clock.advance(60_000);
    expect((await hit(mintToken(cryptoRandom).token)).statusCode).toBe(401);
  });
});

describe('input', () => {
  it('refuses a malformed token with 400 before anything is counted', async () => {
    const buckets = await rowCounts(ctx, ['rate_limit_buckets']);
    for (const token of ['', 'not a token', 'x'.repeat(129)]) {
      const response = await check(token);
      expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
    }
    const missing = await postPasswords(ctx, '/passwords/email/reset/check', {});
    expect(missing.statusCode).toBe(400);
    expect(await rowCounts(ctx, ['rate_limit_buckets'])).toEqual(buckets);
  });
});
