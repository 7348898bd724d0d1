/** SECURITY B2: concurrent redemptions of one token give exactly one session (run it against PostgreSQL too). */
import { expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { countRowsMatching, sessionCountOf } from '../../../test/row-counts.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

it('50 concurrent redemptions of one magic link give exactly one 200 and one session', async () => {
  const sent = json(await requestMagicLink(ctx, 'race@example.com')).data;
  const token = await latestToken(ctx, 'race@example.com');
  const responses = await Promise.all(Array.from({ length: 50 }, () => authenticateMagicLink(ctx, token)));
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 401)).toHaveLength(49);
  for (const loser of responses.filter((r) => r.statusCode === 401)) {
    expect(json(loser).error_type).toBe('unable_to_auth_magic_link');
  }
  expect(await sessionCountOf(ctx, sent.user_id)).toBe(1);
});

it('10 concurrent login_or_create calls for a new address create exactly one user, and only the newest link works', async () => {
  const responses = await Promise.all(
    Array.from({ length: 10 }, () => requestMagicLink(ctx, 'crowd@example.com')),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  const userIds = new Set(responses.map((r) => json(r).data.user_id));
  expect(userIds.size).toBe(1);
  // The account is created by the delivery worker, under the ids every answer named.
  await drainDeliveries(ctx);
  expect(await countRowsMatching(ctx, 'emails', { email: 'crowd@example.com' })).toBe(1);
  const users = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .execute();
  expect(users).toHaveLength(1);
  const live = await ctx.db
    .selectFrom('magic_links')
    .select('id')
    .where('email', '=', 'crowd@example.com')
    .where('revoked_at', 'is', null)
    .execute();
  expect(live).toHaveLength(1);
});
