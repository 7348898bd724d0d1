/** Every wire User carries `password: null | {password_id, requires_reset}` (wire/objects.md), and the migration that added the id. */
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { freshPasswordIp, givenPasswordUser, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { json, sdkHeaders } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';

const ctx = useTestContext();

const PASSWORD_ID = /^password-test-[0-9a-f-]{36}$/;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: `/sdk/v1${url}`,
    headers: sdkHeaders(ctx.dev.public_token, token),
    remoteAddress: freshPasswordIp(),
    ...(payload ? { payload } : {}),
  });

describe('User.password', () => {
  it('is the id and reset flag in sign-in responses, users/me and session refreshes; never the hash', async () => {
    const created = await givenPasswordUser(ctx, 'has-password@example.com');
    const me = json(await call('GET', '/users/me', created.session_token)).data;
    expect(me.password).toEqual({ password_id: expect.stringMatching(PASSWORD_ID), requires_reset: false });
    const refreshed = json(await call('POST', '/sessions/authenticate', created.session_token, {})).data;
    expect(refreshed.user.password).toEqual(me.password);
    expect(refreshed.__user.password).toEqual(me.password);
    const login = json(
      await call('POST', '/passwords/authenticate', ctx.dev.public_token, {
        email: 'has-password@example.com',
        password: STRONG_PASSWORD,
      }),
    ).data;
    expect(login.user.password).toEqual(me.password);
    expect(JSON.stringify(me)).not.toContain('argon2');
  });

  it('shows requires_reset, and keeps its id when the password is replaced', async () => {
    const created = await givenPasswordUser(ctx, 'flag-shown@example.com');
    const before = json(await call('GET', '/users/me', created.session_token)).data.password;
    await ctx.db
      .updateTable('passwords')
      .set({ requires_reset: true })
      .where('user_id', '=', created.user_id)
      .execute();
    expect(json(await call('GET', '/users/me', created.session_token)).data.password).toEqual({
      ...before,
      requires_reset: true,
    });
    const reset = await call('POST', '/passwords/session/reset', created.session_token, {
      password: 'juniper-orbit-saffron-27-lantern',
    });
    expect(reset.statusCode).toBe(200);
    expect(json(reset).data.user.password).toEqual({ ...before, requires_reset: false });
  });

  it('is null for a user without a password, and appears when one is set', async () => {
    const user = await givenSignedInUser(ctx, 'no-password@example.com');
    expect(user.user.password).toBeNull();
    expect(json(await call('GET', '/users/me', user.session_token)).data.password).toBeNull();
    const set = await call('POST', '/passwords/session/reset', user.session_token, {
      password: 'juniper-orbit-saffron-28-lantern',
    });
    expect(json(set).data.user.password).toEqual({
      password_id: expect.stringMatching(PASSWORD_ID),
      requires_reset: false,
    });
  });
});

it('the migration gives passwords stored before it an id of the same form', async () => {
  const database = await createTestDatabase();
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026_11_22_120000_create_passwords');
    expect(down.error).toBeUndefined();
    const now = new Date('2026-03-01T12:00:00Z');
    // Rows as the schema before the migration had them (no passwords.id yet; and none of the
    // projects columns later migrations add, so createProject cannot write this one).
    await sql`insert into projects (id, name, environment, public_token, secret_hash, created_at)
      values ('project-live-old', 'Old', 'live', 'public-token-live-old', 'x', ${now})`.execute(database.db);
    await sql`insert into users (id, project_id, status, created_at, updated_at)
      values ('user-live-old', 'project-live-old', 'active', ${now}, ${now})`.execute(database.db);
    await sql`insert into passwords (user_id, project_id, hash, created_at, updated_at)
      values ('user-live-old', 'project-live-old', 'h', ${now}, ${now})`.execute(database.db);
    expect(await migrateToLatest(database.db)).toContain('2026_11_22_120100_add_passwords_id');
    const row = await database.db.selectFrom('passwords').selectAll().executeTakeFirstOrThrow();
    expect(row.id).toMatch(/^password-live-[0-9a-f-]{36}$/);
  } finally {
    await database.close();
  }
});
