/**
 * Session checks answered from memory stay exact across processes (issue 18, SECURITY D3/D7):
 * two provider instances on one database (two pools and two listening connections on
 * PostgreSQL), where B has just answered a check from its cache and A (or a direct write) then
 * revokes the session, deletes the user or changes a factor: B's very next check sees it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { type SecondInstance, startSecondInstance } from '../../../test/second-instance.js';
import { devProjectAuthorization } from '../../../test/server-api-calls.js';
import { json, type TestContext } from '../../../test/test-app.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { toJson } from '../../db/json-column.js';
import { newId } from '../../ids.js';
import { cryptoRandom } from '../../random.js';
import type { AuthenticationFactor } from './sessions.table.js';

const ctx = useTestContext();
let b: SecondInstance;
beforeAll(async () => {
  b = await startSecondInstance(ctx);
});
afterAll(async () => b?.close());

function checkOn(app: TestContext['app'], sessionToken: string) {
  return sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken, app });
}

/** Signs in on A and has B answer twice, so B's second answer came from its cache. */
async function signedInAndCachedOnB(email: string) {
  const signedIn = await givenSignedInUser(ctx, email);
  for (let i = 0; i < 2; i++) expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(200);
  return signedIn;
}

/** Runs `change` without firing triggers, as if the notification were never sent. */
async function withoutNotification(change: string) {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql.raw(change).execute(trx);
  });
}

describe('a session check cached on instance B', () => {
  it('is served from memory: a change the database did not announce is not seen (why announcing matters)', async () => {
    const signedIn = await signedInAndCachedOnB('unannounced@example.com');
    await withoutNotification(
      `update sessions set revoked_at = now() where id = '${signedIn.session.session_id}'`,
    );
    // Only this test reaches behind the triggers; the ones below go through them.
    expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(200);
    expect((await checkOn(ctx.app, signedIn.session_token)).statusCode).toBe(404);
  });

  it('revoked on A: B refuses at once', async () => {
    const signedIn = await signedInAndCachedOnB('revoke-a@example.com');
    const revoked = await sdkPost(ctx, '/sessions/revoke', undefined, {
      sessionToken: signedIn.session_token,
    });
    expect(revoked.statusCode).toBe(200);
    const check = await checkOn(b.app, signedIn.session_token);
    expect(check.statusCode).toBe(404);
    expect(json(check).error_type).toBe('session_not_found');
  });

  it('revoked on A through the server API (POST /v1/sessions/revoke, …/revoke_all): B refuses at once', async () => {
    const one = await signedInAndCachedOnB('server-revoke-one@example.com');
    const all = await signedInAndCachedOnB('server-revoke-all@example.com');
    const secret = { authorization: devProjectAuthorization(ctx) };
    const revokedOne = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sessions/revoke',
      headers: secret,
      payload: { session_id: one.session.session_id },
    });
    expect(revokedOne.statusCode).toBe(200);
    const revokedAll = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sessions/revoke_all',
      headers: secret,
      payload: { user_id: all.user_id },
    });
    expect(revokedAll.statusCode).toBe(200);
    for (const signedIn of [one, all]) {
      const check = await checkOn(b.app, signedIn.session_token);
      expect(check.statusCode).toBe(404);
      expect(json(check).error_type).toBe('session_not_found');
    }
  });

  it('expired: B refuses at once, from memory too', async () => {
    const signedIn = await signedInAndCachedOnB('expire-b@example.com');
    ctx.clock.set(new Date(signedIn.session.expires_at as string));
    expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(404);
  });

  it('its user deleted: B refuses at once', async () => {
    const signedIn = await signedInAndCachedOnB('deleted-user@example.com');
    await ctx.db.deleteFrom('users').where('id', '=', signedIn.user_id).execute();
    expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(404);
  });

  it('a factor added to the user or the session, then removed: B answers with it, then without it', async () => {
    const signedIn = await signedInAndCachedOnB('factors@example.com');
    const phoneId = newId('phoneNumber', 'test', cryptoRandom);
    await ctx.db
      .insertInto('phone_numbers')
      .values({
        id: phoneId,
        project_id: ctx.dev.project.id,
        user_id: signedIn.user_id,
        phone_number: '+15555550123',
        verified: true,
        created_at: ctx.clock.now(),
      })
      .execute();
    const withPhone = json(await checkOn(b.app, signedIn.session_token)).data;
    expect(withPhone.user.phone_numbers).toEqual([
      expect.objectContaining({ phone_id: phoneId, phone_number: '+15555550123' }),
    ]);

    const row = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', signedIn.session.session_id)
      .executeTakeFirstOrThrow();
    const added: AuthenticationFactor = {
      type: 'otp',
      delivery_method: 'sms',
      last_authenticated_at: ctx.clock.now().toISOString(),
      phone_number_factor: { phone_id: phoneId, phone_number: '+15555550123' },
    };
    await ctx.db
      .updateTable('sessions')
      .set({ authentication_factors: toJson([...row.authentication_factors, added]) })
      .where('id', '=', row.id)
      .execute();
    const withFactor = json(await checkOn(b.app, signedIn.session_token)).data;
    expect(withFactor.session.authentication_factors).toContainEqual(added);

    await ctx.db.deleteFrom('phone_numbers').where('id', '=', phoneId).execute();
    const withoutPhone = json(await checkOn(b.app, signedIn.session_token)).data;
    expect(withoutPhone.user.phone_numbers).toEqual([]);
  });

  it.runIf(testDatabaseUrl)(
    'its listening connection lost: B answers from the database, so an unannounced revoke is seen',
    async () => {
      const signedIn = await signedInAndCachedOnB('listener-lost@example.com');
      // Both instances' listening connections (their last statement is LISTEN or the sync's `select 1`).
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (query ilike 'listen %' or query = 'select 1')`.execute(ctx.db);
      await withoutNotification(
        `update sessions set revoked_at = now() where id = '${signedIn.session.session_id}'`,
      );
      expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(404);
    },
  );
});
