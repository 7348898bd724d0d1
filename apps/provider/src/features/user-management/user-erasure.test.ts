/**
 * Issue 20 / GDPR Art. 17: DELETE /v1/users/{user_id} leaves nothing of the user in ANY table.
 * The check reads the schema (information_schema), not a list kept here, so a table added later
 * that forgets erasure fails this test until it is erased or named below with its reason.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { authenticateOtp, givenCodeSent, wrongCode } from '../../../test/otp-helpers.js';
import { postPasswords, startReset } from '../../../test/password-helpers.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { authenticateTotp, createTotp, currentCode } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { usersApi } from '../../../test/user-management-calls.js';
import { devCaller, givenPasskeyUser, startRegistration } from '../../../test/webauthn-helpers.js';
import { sha256Base64url } from '../../crypto/hash.js';

const ctx = useTestContext();

/**
 * Tables allowed to keep a record of a deleted user, each with why. They may keep the user's
 * opaque id (which no other table maps to a person any more), never an address or a subject.
 */
const KEEPS_A_RECORD_OF_THE_DELETION = new Map<string, string>([
  ['audit_events', 'the audit log must say who was erased, when and by whom (ids and kinds only)'],
]);

/** Every (table, column) of the schema whose text could hold an id or an address. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
    order by 1, 2`.execute(ctx.db);
  return rows;
}

/**
 * `table.column: needle` for every row anywhere that still mentions one of `needles`; the tables
 * that keep a record of the deletion are not searched for `recordedIds`.
 */
async function mentionsOf(needles: string[], recordedIds: string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    for (const needle of needles) {
      if (KEEPS_A_RECORD_OF_THE_DELETION.has(table) && recordedIds.includes(needle)) continue;
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(table)}
        where strpos(lower(${sql.ref(column)}::text), ${needle.toLowerCase()}) > 0`.execute(ctx.db);
      if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}

/** Row counts of every table of the schema. */
async function everyTableCount(): Promise<Record<string, number>> {
  const tables = [...new Set((await textColumns()).map((c) => c.table))];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/**
 * A user with something in every kind of table the provider has: addresses, a password, a
 * passkey and an open passkey challenge, a confirmed TOTP with recovery codes, an upstream
 * identity, a wallet, sessions, an intermediate session, pending links, codes and resets, the
 * deliveries and dev-outbox messages they made, failure counters and lock rows.
 */
async function givenUserWithEverything(email: string, phone: string) {
  const user = await givenPasskeyUser(ctx, email);
  const now = ctx.clock.now();
  const ids = (kind: string) => `${kind}-test-${user.user_id.slice(-12)}`;
  const base = { project_id: ctx.dev.project_id, user_id: user.user_id, created_at: now };
  const totp = await createTotp(ctx, user.session_token);
  expect((await authenticateTotp(ctx, user.session_token, currentCode(ctx, totp.secret))).statusCode).toBe(
    200,
  );
  await startRegistration(ctx, devCaller(ctx, user.session_token));
  await ctx.db
    .insertInto('phone_numbers')
    .values({ ...base, id: ids('phone-number'), phone_number: phone, verified: true })
    .execute();
  await ctx.db
    .insertInto('passwords')
    .values({ ...base, id: ids('password'), hash: '$argon2id$fake', requires_reset: false, updated_at: now })
    .execute();
  await ctx.db
    .insertInto('crypto_wallets')
    .values({
      ...base,
      id: ids('crypto-wallet'),
      type: 'ethereum',
      address: `0xabc${phone.slice(-12).padStart(37, '0')}`,
      verified: true,
      last_authenticated_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('oauth_registrations')
    .values({
      ...base,
      id: ids('oauth-user-registration'),
      provider_type: 'google',
      issuer: 'https://accounts.google.com',
      provider_subject: `subject-${phone}`,
      email_id: null,
      profile_picture_url: '',
      locale: '',
      last_authenticated_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('intermediate_sessions')
    .values({
      ...base,
      id: ids('intermediate-session'),
      token_hash: sha256Base64url(ids('ist')),
      primary_factor: '{}',
      expires_at: new Date(now.getTime() + 600_000),
      failed_attempts: 0,
    })
    .execute();
  await ctx.db
    .insertInto('password_lockouts')
    .values({
      project_id: ctx.dev.project_id,
      user_id: user.user_id,
      id: ids('password-lockout'),
      locked_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('second_factor_lockouts')
    .values({
      project_id: ctx.dev.project_id,
      user_id: user.user_id,
      id: ids('second-factor-lockout'),
      locked_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('second_factor_failures')
    .values({ project_id: ctx.dev.project_id, user_id: user.user_id, failures: 2, last_failure_at: now })
    .execute();
  // Pending tokens and what delivering them wrote: a magic link, a phone code (with a wrong try), a reset.
  expect((await requestMagicLink(ctx, email)).statusCode).toBe(200);
  const code = await givenCodeSent(ctx, 'sms', phone);
  expect((await authenticateOtp(ctx, wrongCode(code.code), code.method_id)).statusCode).toBe(401);
  expect((await startReset(ctx, email)).statusCode).toBe(200);
  // A failed password sign-in counts against the address.
  await postPasswords(ctx, '/passwords/authenticate', {
    email,
    password: 'wrong-password-1',
    session_duration_minutes: 60,
  });
  await drainDeliveries(ctx);
  return user;
}

describe('DELETE /v1/users/{user_id} erases everything of the user', () => {
  it('leaves no row mentioning their id, address or number in any table, and leaves other users alone', async () => {
    const bystanderEmail = 'bystander@example.com';
    const bystander = await givenUserWithEverything(bystanderEmail, '+14155550188');
    const email = 'erase-me@example.com';
    const phone = '+14155550177';
    const user = await givenUserWithEverything(email, phone);
    // A passkey user handle set by override_id (written here: the API refuses one once passkeys exist).
    const handle = 'erase-me-passkey-handle';
    await ctx.db
      .updateTable('users')
      .set({ webauthn_user_handle: handle })
      .where('id', '=', user.user_id)
      .execute();
    expect(await mentionsOf([handle])).toEqual(['users.webauthn_user_handle: erase-me-passkey-handle']);
    // The setup reached every table the user can have rows in (so the check below means something).
    const before = await mentionsOf([user.user_id]);
    for (const table of [
      'emails',
      'phone_numbers',
      'sessions',
      'passwords',
      'webauthn_registrations',
      'webauthn_challenges',
      'totps',
      'crypto_wallets',
      'oauth_registrations',
      'intermediate_sessions',
      'magic_links',
      'otp_codes',
      'password_resets',
      'password_lockouts',
      'second_factor_lockouts',
      'second_factor_failures',
    ]) {
      expect(
        before.some((m) => m.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    }
    expect(await mentionsOf([email, phone])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^delivery_jobs\./),
        expect.stringMatching(/^outbox_messages\./),
        expect.stringMatching(/^passcode_failures\./),
      ]),
    );
    const accountFailures = () =>
      ctx.db
        .selectFrom('login_failures')
        .select('key_hash')
        .where('key_hash', '=', sha256Base64url(email))
        .execute();
    expect(await accountFailures()).toHaveLength(1);
    const bystanderBefore = await mentionsOf([bystander.user_id, bystanderEmail]);
    const countsBefore = await everyTableCount();

    const response = await usersApi(ctx, 'DELETE', `/v1/users/${user.user_id}`);
    expect(response.statusCode).toBe(200);

    expect(
      await mentionsOf([user.user_id, email, phone, `subject-${phone}`, handle], [user.user_id]),
    ).toEqual([]);
    const deletion = await ctx.db
      .selectFrom('audit_events')
      .select(['actor_type', 'user_id'])
      .where('action', '=', 'user.deleted')
      .execute();
    expect(deletion).toEqual([{ actor_type: 'project', user_id: user.user_id }]);
    expect(await accountFailures()).toEqual([]);
    expect(await mentionsOf([bystander.user_id, bystanderEmail])).toEqual(bystanderBefore);
    expect((await usersApi(ctx, 'GET', `/v1/users/${bystander.user_id}`)).statusCode).toBe(200);
    // Only rows went that were the user's: every table shrank or stayed, users by exactly one.
    const countsAfter = await everyTableCount();
    expect(countsAfter.users).toBe((countsBefore.users ?? 0) - 1);
    for (const [table, count] of Object.entries(countsAfter)) {
      if (KEEPS_A_RECORD_OF_THE_DELETION.has(table)) continue;
      expect(count, table).toBeLessThanOrEqual(countsBefore[table] ?? 0);
    }
  });

  it('a magic link sent before the delete can no longer sign anyone in', async () => {
    const email = 'erase-link@example.com';
    const created = json(await usersApi(ctx, 'POST', '/v1/users', { email }));
    expect((await requestMagicLink(ctx, email)).statusCode).toBe(200);
    const token = await latestToken(ctx, email);
    expect((await usersApi(ctx, 'DELETE', `/v1/users/${created.user_id}`)).statusCode).toBe(200);
    expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(401);
  });
});
