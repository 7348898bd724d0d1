import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { capturedLogger } from '../test/captured-logger.js';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../test/magic-link-helpers.js';
import { sdkPost } from '../test/sdk-call.js';
import { json } from '../test/test-app.js';
import { useTestContext } from '../test/use-test-context.js';

const { logger, raw: logLines } = capturedLogger('trace');
const ctx = useTestContext({ logger });

it('stores and logs only hashes of every secret it issues', async () => {
  await requestMagicLink(ctx, 'secrets@example.com');
  const magicToken = await latestToken(ctx, 'secrets@example.com');
  const { data } = json(await authenticateMagicLink(ctx, magicToken));
  await sdkPost(
    ctx,
    '/sessions/authenticate',
    { session_duration_minutes: 30 },
    { sessionToken: data.session_token },
  );
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
