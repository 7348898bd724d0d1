/** SECURITY B10: no plaintext magic-link token, session token or project secret in the database or the logs. */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../test/magic-link-helpers.js';
import { createTestContext, json, sdkHeaders, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestContext({ logger: pino({ level: 'trace' }, sink) });
});
afterAll(async () => ctx?.close());

it('stores and logs only hashes of every secret it issues', async () => {
  await requestMagicLink(ctx, 'secrets@example.com');
  const magicToken = await latestToken(ctx, 'secrets@example.com');
  const { data } = json(await authenticateMagicLink(ctx, magicToken));
  await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/sessions/authenticate',
    headers: sdkHeaders(ctx.dev.public_token, data.session_token),
    payload: { session_duration_minutes: 30 },
  });
  const secrets = [magicToken, data.session_token, ctx.dev.secret];

  // Every table except the dev outbox, whose purpose is to hold the emails as sent.
  const tables = [
    'projects',
    'users',
    'emails',
    'magic_links',
    'sessions',
    'signing_keys',
    'sdk_events',
    // The delivery queue keeps what is needed to issue a link later, never the link (issue 16 item 4).
    'delivery_jobs',
  ];
  for (const table of tables) {
    const rows = await sql`select * from ${sql.table(table)}`.execute(ctx.db);
    const dump = JSON.stringify(rows.rows);
    for (const secret of secrets) expect(dump, table).not.toContain(secret);
  }
  expect(logLines.length).toBeGreaterThan(0);
  const log = logLines.join('');
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log).not.toMatch(/authorization/i);
});
