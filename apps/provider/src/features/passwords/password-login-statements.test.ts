/**
 * The database statements of POST /passwords/authenticate (issue 18: logins where argon2id, not
 * SQL, sets the pace): a successful login is five statements and the audit record of the sign-in
 * (issue 20); the outbox's look for webhook endpoints taking `session.created` is skipped while the
 * project is known to have none (unsubscribed-event-types.ts), and runs again once it has one; up to the password check every
 * address costs the same statements (SECURITY E1); the counters' combined reservation gives back
 * what it took when a delay refuses the login; a pending user is activated as before. PGlite and
 * TEST_DATABASE_URL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestMagicLink } from '../../../test/magic-link-helpers.js';
import {
  freshPasswordIp,
  givenPasswordUser,
  postPasswords,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import { statementRecorder } from '../../../test/statement-recorder.js';
import { drainDeliveries } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenEndpoint } from '../../../test/webhook-helpers.js';
import { ACCOUNT_DELAY_FROM } from './login-lockout.js';

const recorder = statementRecorder();
const ctx = useTestContext({ dbPlugins: [recorder.plugin] });
beforeAll(async () => {
  // The first login creates the signing key; later ones find it cached.
  await givenPasswordUser(ctx, 'warm-up@example.com');
  await postPasswords(ctx, '/passwords/authenticate', {
    email: 'warm-up@example.com',
    password: STRONG_PASSWORD,
  });
});

async function statementsOf(call: () => Promise<LightMyRequestResponse>, status: number) {
  recorder.state.statements = [];
  recorder.state.recording = true;
  try {
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    return { response, statements: recorder.state.statements };
  } finally {
    recorder.state.recording = false;
  }
}

const login = (email: string, password: string, ip = freshPasswordIp()) =>
  postPasswords(ctx, '/passwords/authenticate', { email, password }, { ip });

/** What each statement of a successful login is (their SQL, in order). */
const RESERVE_BOTH =
  /^with "first_reserved" as \(insert into "login_failures" .* "second_reserved" as \(insert into "login_failures" /s;
const FIND_PASSWORD = /^select "passwords"\.\*, .* from "emails" inner join "passwords" /s;
const CLEAR_COUNTERS = /^with "cleared" as \(delete from "login_failures" .*\) update "login_failures" /s;
const READ_USER = /^select "users"\."id", "users"\."project_id", /s;
const INSERT_SESSION = /^insert into "sessions" /s;
const FIND_WEBHOOK_ENDPOINTS = /^select "id" from "webhook_endpoints" /s;
const RECORD_AUDIT_EVENT = /^insert into "audit_events" /s;

const failureCount = async (scope: string) =>
  ctx.db.selectFrom('login_failures').select(['scope', 'failures']).where('scope', '=', scope).execute();

describe('a successful login', () => {
  it('runs six statements: reserve both counters, find the password, clear the counters, read the user, insert the session, record the sign-in in the audit log', async () => {
    await givenPasswordUser(ctx, 'five@example.com');
    const { statements } = await statementsOf(() => login('five@example.com', STRONG_PASSWORD), 200);
    const expected = [
      RESERVE_BOTH,
      FIND_PASSWORD,
      CLEAR_COUNTERS,
      READ_USER,
      INSERT_SESSION,
      RECORD_AUDIT_EVENT,
    ];
    expect(statements).toHaveLength(expected.length);
    for (const [i, pattern] of expected.entries()) expect(statements[i]).toMatch(pattern);
  });

  it('looks for webhook endpoints again once the project has one, and writes the event for it', async () => {
    await givenPasswordUser(ctx, 'hooked@example.com');
    await givenEndpoint(ctx, { url: 'https://hooks.example.com/login' });
    try {
      const { statements } = await statementsOf(() => login('hooked@example.com', STRONG_PASSWORD), 200);
      expect(statements[6]).toMatch(FIND_WEBHOOK_ENDPOINTS);
      expect(statements.slice(7).join('\n')).toMatch(/insert into "webhook_events" /);
    } finally {
      await ctx.db.deleteFrom('webhook_endpoints').execute();
    }
  });

  it('activates a pending user, and the answer shows it active', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'pending@example.com');
    await ctx.db.updateTable('users').set({ status: 'pending' }).where('id', '=', user_id).execute();
    const { response } = await statementsOf(() => login('pending@example.com', STRONG_PASSWORD), 200);
    expect(response.json().data.user.status).toBe('active');
    const row = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user_id)
      .executeTakeFirst();
    expect(row?.status).toBe('active');
  });
});

describe('up to the password check (SECURITY E1)', () => {
  it('an unknown address, a passwordless account and a wrong password run the same statements', async () => {
    await givenPasswordUser(ctx, 'known@example.com');
    await requestMagicLink(ctx, 'passwordless@example.com');
    await drainDeliveries(ctx);
    const sqlOf = async (email: string, password: string) =>
      (await statementsOf(() => login(email, password), 401)).statements;
    const wrong = await sqlOf('known@example.com', 'not-the-password-at-all-1');
    expect(wrong).toHaveLength(2);
    expect(wrong[0]).toMatch(RESERVE_BOTH);
    expect(wrong[1]).toMatch(FIND_PASSWORD);
    expect(await sqlOf('nobody@example.com', STRONG_PASSWORD)).toEqual(wrong);
    expect(await sqlOf('passwordless@example.com', STRONG_PASSWORD)).toEqual(wrong);
  });
});

describe('the combined reservation of the two counters', () => {
  it('gives the network attempt back when the account is inside a delay', async () => {
    await givenPasswordUser(ctx, 'delayed@example.com');
    const attackerIp = freshPasswordIp();
    for (let i = 0; i < ACCOUNT_DELAY_FROM; i++)
      expect((await login('delayed@example.com', `wrong-guess-number-${i}`, attackerIp)).statusCode).toBe(
        401,
      );
    const otherIp = freshPasswordIp();
    const before = await ctx.db
      .selectFrom('login_failures')
      .selectAll()
      .orderBy('scope')
      .orderBy('key_hash')
      .execute();
    const refused = await login('delayed@example.com', STRONG_PASSWORD, otherIp);
    expect(refused.statusCode).toBe(429);
    const after = await ctx.db
      .selectFrom('login_failures')
      .selectAll()
      .orderBy('scope')
      .orderBy('key_hash')
      .execute();
    // Nothing counted: the account row is as it was, and the other network owes nothing.
    const counts = (rows: typeof before) =>
      rows
        .filter((row) => row.failures > 0)
        .map((row) => [row.scope, row.key_hash, row.failures, row.locked_until]);
    expect(counts(after)).toEqual(counts(before));
    expect(await failureCount('password_login.account')).toContainEqual({
      scope: 'password_login.account',
      failures: ACCOUNT_DELAY_FROM,
    });
  });
});
