/** The database-backed rate limiter: windows, refunds, sharing, concurrency and cleanup (PGlite; PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createManualClock } from '../clock.js';
import { sha256Base64url } from '../crypto/hash.js';
import { createProject } from '../features/projects/projects.service.js';
import { cryptoRandom } from '../random.js';
import { createRateLimiter, type RateLimitRule } from './rate-limiter.js';

let database: TestDatabase;
let projectId: string;
const clock = createManualClock(new Date('2026-05-01T00:00:00.000Z'));

beforeAll(async () => {
  database = await createTestDatabase();
  projectId = (await createProject(database.db, { clock, random: cryptoRandom }, { name: 'Limits' })).project
    .id;
});
afterAll(async () => database?.close());

const rule = (key: string, limit: number, windowSeconds = 60, scope = 'test.scope'): RateLimitRule => ({
  scope,
  key,
  limit,
  windowSeconds,
});

async function buckets() {
  return database.db
    .selectFrom('rate_limit_buckets')
    .selectAll()
    .where('project_id', '=', projectId)
    .execute();
}

describe('one rule', () => {
  it('admits `limit` hits per window, then refuses until the window ends', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    for (let i = 0; i < 3; i++)
      expect(await limiter.consume(projectId, [rule('a', 3)])).toEqual({ allowed: true });
    clock.advance(20_500);
    expect(await limiter.consume(projectId, [rule('a', 3)])).toEqual({
      allowed: false,
      rule: rule('a', 3),
      retryAfterSeconds: 40,
    });
    clock.advance(39_499);
    expect((await limiter.consume(projectId, [rule('a', 3)])).allowed).toBe(false);
    clock.advance(1);
    expect(await limiter.consume(projectId, [rule('a', 3)])).toEqual({ allowed: true });
  });

  it('a limit below 1 admits nothing and stores nothing', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    const decision = await limiter.consume(projectId, [rule('zero', 0, 30)]);
    expect(decision).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect((await buckets()).filter((b) => b.key_hash === sha256Base64url('zero'))).toHaveLength(0);
  });

  it('stores keys only as SHA-256', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    await limiter.consume(projectId, [rule('secret-address@example.com', 1)]);
    const text = JSON.stringify(await buckets());
    expect(text).not.toContain('secret-address');
  });
});

describe('several rules', () => {
  it('a refusal by a later rule gives back the hits of the earlier ones', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    const rules = [rule('wide', 5, 60, 'test.wide'), rule('narrow', 1, 60, 'test.narrow')];
    expect((await limiter.consume(projectId, rules)).allowed).toBe(true);
    const refused = await limiter.consume(projectId, rules);
    expect(refused).toMatchObject({ allowed: false, rule: { scope: 'test.narrow' } });
    const wide = (await buckets()).find((b) => b.scope === 'test.wide');
    expect(wide?.hits).toBe(1);
  });
});

describe('shared state (SECURITY A8)', () => {
  it('two limiters (two processes) on one database share one budget', async () => {
    const first = createRateLimiter({ db: database.db, clock });
    const second = createRateLimiter({ db: database.db, clock });
    expect((await first.consume(projectId, [rule('shared', 2)])).allowed).toBe(true);
    expect((await second.consume(projectId, [rule('shared', 2)])).allowed).toBe(true);
    expect((await first.consume(projectId, [rule('shared', 2)])).allowed).toBe(false);
    expect((await second.consume(projectId, [rule('shared', 2)])).allowed).toBe(false);
  });

  it('50 concurrent checks against a limit of 5 admit exactly 5 and count exactly 5', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    const rules = [rule('burst', 5, 60, 'test.burst'), rule('burst', 1000, 60, 'test.burst-outer')];
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(projectId, rules)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    const rows = await buckets();
    expect(rows.find((b) => b.scope === 'test.burst')?.hits).toBe(5);
    // The outer rule was only reached (and counted) by the admitted five.
    expect(rows.find((b) => b.scope === 'test.burst-outer')?.hits).toBe(5);
  });
});

describe('cleanup (SECURITY K4)', () => {
  it('sweepExpired deletes ended windows and keeps live ones', async () => {
    const limiter = createRateLimiter({ db: database.db, clock });
    await limiter.sweepExpired();
    clock.advance(24 * 60 * 60 * 1000);
    for (let i = 0; i < 200; i++) await limiter.consume(projectId, [rule(`many-${i}`, 1, 60, 'test.many')]);
    await limiter.consume(projectId, [rule('long', 1, 3600, 'test.long')]);
    expect((await buckets()).length).toBe(201);
    clock.advance(60_000);
    expect(await limiter.sweepExpired()).toBe(200);
    expect((await buckets()).map((b) => b.scope)).toEqual(['test.long']);
  });

  it('consume sweeps on its own at most once per interval', async () => {
    const limiter = createRateLimiter({ db: database.db, clock, sweepIntervalMs: 60_000 });
    await limiter.consume(projectId, [rule('tick-0', 1, 10, 'test.tick')]); // sweeps (first call)
    clock.advance(30_000);
    await limiter.consume(projectId, [rule('tick-1', 1, 10, 'test.tick')]); // too soon: no sweep
    expect((await buckets()).filter((b) => b.scope === 'test.tick')).toHaveLength(2);
    clock.advance(30_000);
    await limiter.consume(projectId, [rule('tick-2', 1, 10, 'test.tick')]); // sweeps the two ended ones
    expect((await buckets()).filter((b) => b.scope === 'test.tick')).toHaveLength(1);
  });
});
