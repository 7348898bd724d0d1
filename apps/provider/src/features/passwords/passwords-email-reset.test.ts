/** POST /passwords/email/reset/start and /passwords/email/reset (SECURITY B3, B9, E3, A4 c, H). */
import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, outboxFor } from '../../../test/magic-link-helpers.js';
import {
  givenPasswordUser,
  NEW_PASSWORD,
  passwordSnapshot,
  postPasswords,
  resetLinksFor,
  STRONG_PASSWORD,
  startReset,
} from '../../../test/password-helpers.js';
import { passwordLogin } from '../../../test/password-lock-helpers.js';
import { browserSessionCheck } from '../../../test/server-api-calls.js';
import { DEMO_ORIGIN, DEMO_REDIRECT, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { findPassword } from './passwords.repository.js';

const ctx = useTestContext();

const start = (email: string, body: Record<string, unknown> = {}) => startReset(ctx, email, body);
const reset = (token: string, password: string, body: Record<string, unknown> = {}) =>
  postPasswords(ctx, '/passwords/email/reset', { token, password, session_duration_minutes: 60, ...body });
const login = (email: string, password: string) => passwordLogin(ctx, email, password);
const sessionStatus = async (token: string) => (await browserSessionCheck(ctx, token)).statusCode;
const linksFor = (email: string) => resetLinksFor(ctx, email);

describe('reset/start', () => {
  it('emails a reset link and a login link; an unknown address gets the same answer and no email', async () => {
    await givenPasswordUser(ctx, 'forgot@example.com');
    const known = await start('forgot@example.com');
    const unknown = await start('never-seen@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(json(known).data).sort()).toEqual(Object.keys(json(unknown).data).sort());
    const links = await linksFor('forgot@example.com');
    expect(links.text).toContain(`${DEMO_REDIRECT}?stytch_token_type=reset_password&token=`);
    expect(links.text).toContain('Log in without a password');
    expect(await outboxFor(ctx, 'never-seen@example.com')).toEqual([]);
    // The login link signs in as a magic link.
    expect((await authenticateMagicLink(ctx, links.login)).statusCode).toBe(200);
  });

  it("sends the login link to the caller's login_redirect_url, else to the project's own, never the demo's (issue 17)", async () => {
    const site = 'https://app.example.com';
    const project = await ctx.givenProject({
      allowedOrigins: [DEMO_ORIGIN],
      allowedRedirectUrls: [`${site}/signed-in`, `${site}/reset`, `${site}/elsewhere`],
      defaultLoginRedirectUrl: `${site}/signed-in`,
      defaultSignupRedirectUrl: `${site}/reset`,
    });
    const as = { publicToken: project.public_token };
    const email = 'fallback@example.com';
    await postPasswords(ctx, '/passwords', { email, password: STRONG_PASSWORD }, as);
    const loginLinkOf = async () =>
      /Log in without a password: (\S+)/.exec((await linksFor(email)).text)?.[1];

    expect((await postPasswords(ctx, '/passwords/email/reset/start', { email }, as)).statusCode).toBe(200);
    expect(await loginLinkOf()).toMatch(new RegExp(`^${site}/signed-in\\?stytch_token_type=login&token=`));
    expect((await linksFor(email)).text).toContain(`${site}/reset?stytch_token_type=reset_password&token=`);
    expect((await linksFor(email)).text).not.toContain('localhost');

    const given = { email, login_redirect_url: `${site}/elsewhere` };
    expect((await postPasswords(ctx, '/passwords/email/reset/start', given, as)).statusCode).toBe(200);
    expect(await loginLinkOf()).toMatch(new RegExp(`^${site}/elsewhere\\?stytch_token_type=login&token=`));

    // A project with no login redirect URL of its own has nothing to fall back on: 400, nothing sent.
    const bare = await ctx.givenProject({
      allowedOrigins: [DEMO_ORIGIN],
      allowedRedirectUrls: [`${site}/x`],
    });
    const refused = await postPasswords(
      ctx,
      '/passwords/email/reset/start',
      { email },
      {
        publicToken: bare.public_token,
      },
    );
    expect(statusAndErrorType(refused)).toEqual([400, 'invalid_redirect_url']);
  });

  it('the development project sends the login link to any local page that names itself', async () => {
    await givenPasswordUser(ctx, 'local-page@example.com');
    const page = 'http://127.0.0.1:5173/account?tab=security';
    expect((await start('local-page@example.com', { login_redirect_url: page })).statusCode).toBe(200);
    expect((await linksFor('local-page@example.com')).text).toContain(
      `Log in without a password: ${page}&stytch_token_type=login&token=`,
    );
  });

  it('refuses redirect URLs off the allow-list and bad input, sending nothing', async () => {
    await givenPasswordUser(ctx, 'redir@example.com');
    const before = await passwordSnapshot(ctx);
    const bad = await start('redir@example.com', { reset_password_redirect_url: 'https://evil.example/x' });
    expect(statusAndErrorType(bad)).toEqual([400, 'invalid_redirect_url']);
    for (const body of [{ reset_password_expiration_minutes: 0 }, { code_challenge: 'short' }]) {
      expect((await start('redir@example.com', body)).statusCode).toBe(400);
    }
    expect((await outboxFor(ctx, 'redir@example.com')).length).toBe(0);
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });
});

describe('reset by token', () => {
  it('sets the password, ends every session, token and magic link, and signs in (B9)', async () => {
    const created = await givenPasswordUser(ctx, 'resetme@example.com');
    await start('resetme@example.com');
    const links = await linksFor('resetme@example.com');
    const weak = await reset(links.reset, 'password');
    expect(statusAndErrorType(weak)).toEqual([400, 'weak_password']);
    const response = await reset(links.reset, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(json(response).data.user_id).toBe(created.user_id);
    expect(await sessionStatus(created.session_token)).toBe(404);
    expect((await login('resetme@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login('resetme@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(links.reset, 'another-fine-passphrase-93');
    expect(statusAndErrorType(again)).toEqual([401, 'invalid_reset_token']);
    expect((await authenticateMagicLink(ctx, links.login)).statusCode).toBe(401);
  });

  it('two concurrent resets with one token: exactly one wins and its password is stored (B3)', async () => {
    const created = await givenPasswordUser(ctx, 'race@example.com');
    await start('race@example.com');
    const { reset: token } = await linksFor('race@example.com');
    const passwords = ['race-winner-alpha-kettle-71', 'race-winner-bravo-kettle-72'];
    const answers = await Promise.all(passwords.map((password) => reset(token, password)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 401]);
    const winner = passwords[answers.findIndex((answer) => answer.statusCode === 200)] as string;
    expect(json(answers.find((answer) => answer.statusCode === 401) as never).error_type).toBe(
      'invalid_reset_token',
    );
    expect((await findPassword(ctx.db, created.user_id))?.hash).toBeTruthy();
    expect((await login('race@example.com', winner)).statusCode).toBe(200);
  });

  it('a newer reset replaces the older token; expired tokens fail', async () => {
    await givenPasswordUser(ctx, 'twice@example.com');
    await start('twice@example.com');
    const first = await linksFor('twice@example.com');
    ctx.clock.advance(61_000);
    await start('twice@example.com');
    const second = await linksFor('twice@example.com');
    expect((await reset(first.reset, NEW_PASSWORD)).statusCode).toBe(401);
    ctx.clock.advance(31 * 60_000);
    expect((await reset(second.reset, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('PKCE: the verifier must match; a failure leaves the token usable', async () => {
    await givenPasswordUser(ctx, 'pkce@example.com');
    const verifier = 'v'.repeat(43);
    await start('pkce@example.com', { code_challenge: s256Challenge(verifier) });
    const { reset: token } = await linksFor('pkce@example.com');
    const missing = await reset(token, NEW_PASSWORD);
    expect(statusAndErrorType(missing)).toEqual([400, 'pkce_mismatch']);
    const wrong = await reset(token, NEW_PASSWORD, { code_verifier: 'w'.repeat(43) });
    expect(json(wrong).error_type).toBe('pkce_mismatch');
    expect((await reset(token, NEW_PASSWORD, { code_verifier: verifier })).statusCode).toBe(200);
  });

  it('completing a reset unlocks a delayed address (A4 c)', async () => {
    await givenPasswordUser(ctx, 'unlock@example.com');
    for (let i = 0; i < 5; i += 1) await login('unlock@example.com', 'wrong-wrong-wrong-1');
    expect((await login('unlock@example.com', STRONG_PASSWORD)).statusCode).toBe(429);
    await start('unlock@example.com');
    const { reset: token } = await linksFor('unlock@example.com');
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login('unlock@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});
