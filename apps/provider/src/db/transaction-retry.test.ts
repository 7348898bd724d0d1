/**
 * SECURITY J: a serialization failure or deadlock gets one retry of the whole transaction, then
 * 503 service_unavailable with Retry-After — never 500, and a failed attempt changes nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../test/magic-link-helpers.js';
import { rowCounts } from '../../test/row-counts.js';
import { json, sdkHeaders } from '../../test/test-app.js';
import { createTransientFaults } from '../../test/transient-faults.js';
import { useTestContext } from '../../test/use-test-context.js';
import { isTransientDatabaseError } from './db-errors.js';

const faults = createTransientFaults();
const ctx = useTestContext({ dbPlugins: [faults] });

const touched = ['sessions', 'magic_links', 'users', 'emails'] as const;

async function freshLink(email: string): Promise<string> {
  expect((await requestMagicLink(ctx, email)).statusCode).toBe(200);
  return latestToken(ctx, email);
}

describe('a transaction PostgreSQL aborts', () => {
  it.each(['40001', '40P01'] as const)(
    'once (%s): retried, and the sign-in succeeds exactly once',
    async (code) => {
      const token = await freshLink(`retry-once-${code}@example.com`);
      const before = await rowCounts(ctx, ['sessions']);
      faults.failNext(1, 'sessions', code);
      const response = await authenticateMagicLink(ctx, token);
      expect(faults.pending).toBe(0);
      expect(response.statusCode).toBe(200);
      expect(await rowCounts(ctx, ['sessions'])).toEqual({ sessions: (before.sessions ?? 0) + 1 });
      expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(401);
    },
  );

  it('twice: 503 service_unavailable with Retry-After, nothing changed, the link still works', async () => {
    const token = await freshLink('retry-twice@example.com');
    const before = await rowCounts(ctx, touched);
    faults.failNext(2, 'sessions', '40P01');
    const response = await authenticateMagicLink(ctx, token);
    expect(faults.pending).toBe(0);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(json(response)).toMatchObject({ status_code: 503, error_type: 'service_unavailable' });
    expect(response.body).not.toMatch(/deadlock|serialize/);
    expect(await rowCounts(ctx, touched)).toEqual(before);
    expect((await authenticateMagicLink(ctx, token)).statusCode).toBe(200);
  });
});

it('a single statement PostgreSQL aborts outside a transaction → 503, not 500', async () => {
  faults.failNext(1, 'sdk_events', '40001');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/events',
    headers: sdkHeaders(ctx.dev.public_token),
    payload: [
      { telemetry: { event_id: 'e' }, event: { public_token: ctx.dev.public_token, event_name: 'x' } },
    ],
  });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
});

it('classifies retryable failures, through cause chains, and nothing else', () => {
  expect(isTransientDatabaseError({ code: '40001' })).toBe(true);
  expect(isTransientDatabaseError({ code: '40P01' })).toBe(true);
  expect(isTransientDatabaseError(new Error('x', { cause: { code: 'ECONNRESET' } }))).toBe(true);
  expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isTransientDatabaseError({ code: '23505' })).toBe(false);
  expect(isTransientDatabaseError({ code: 'ECONNREFUSED' })).toBe(false);
  expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
});

it('every transaction in the provider goes through inTransaction (so every one gets its retry)', () => {
  const root = join(import.meta.dirname, '..');
  const offenders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) visit(path);
      else if (
        /\.ts$/.test(entry) &&
        !/\.test\.ts$/.test(entry) &&
        !path.endsWith(join('db', 'transaction.ts'))
      )
        if (/\.transaction\(\)/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path));
    }
  };
  visit(root);
  expect(offenders).toEqual([]);
});
