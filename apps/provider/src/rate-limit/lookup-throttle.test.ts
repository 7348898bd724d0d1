/** Request limits of /passwords/strength_check and /users/search, per client network and per project (database buckets). */
import { beforeAll, describe, expect, it } from 'vitest';
import { postPasswords } from '../../test/password-helpers.js';
import { DEMO_ORIGIN, json } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { ApiError } from '../errors/api-error.js';
import type { Project } from '../features/projects/project.js';
import {
  createLookupThrottle,
  DEV_LOOKUP_LIMITS,
  LOOKUP_LIMITS,
  type LookupKind,
} from './lookup-throttle.js';
import { createRateLimiter } from './rate-limiter.js';

const ctx = useTestContext();
let project: Project & { publicToken: string };
beforeAll(async () => {
  const created = await ctx.givenProject({ allowedOrigins: [DEMO_ORIGIN] });
  project = { ...created.project, publicToken: created.public_token };
});

// oauth_start is a browser redirect, tested with the OAuth start route (features/oauth/oauth-start.test.ts);
// crypto_start with the wallet start routes (features/crypto-wallets/).
type PostedKind = Exclude<LookupKind, 'oauth_start' | 'crypto_start'>;
const paths: Record<PostedKind, { path: string; body: Record<string, unknown> }> = {
  strength_check: { path: '/passwords/strength_check', body: { password: 'tangerine-velvet-52' } },
  users_search: { path: '/users/search', body: { email: 'someone@example.com' } },
  // The project's origin http://localhost:4100 makes `localhost` one of its RP IDs.
  webauthn_start: { path: '/webauthn/authenticate/start/primary', body: { domain: 'localhost' } },
};
const hit = (kind: PostedKind, ip: string, publicToken = project.publicToken) =>
  postPasswords(ctx, paths[kind].path, paths[kind].body, { ip, publicToken });

/** Sends `count` requests one after another and returns their statuses. */
async function burst(kind: PostedKind, count: number, ip: string, publicToken?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await hit(kind, ip, publicToken)).statusCode);
  return statuses;
}

describe.each(['strength_check', 'users_search', 'webauthn_start'] as const)(
  '%s per client network',
  (kind) => {
    const limit = LOOKUP_LIMITS[kind].ipPerMinute;

    it(`admits ${limit} a minute from one address, then 429 with Retry-After until the window ends`, async () => {
      const ip = { strength_check: '192.0.2.10', users_search: '192.0.2.20', webauthn_start: '192.0.2.40' }[
        kind
      ];
      expect(await burst(kind, limit, ip)).toEqual(Array(limit).fill(200));
      const refused = await hit(kind, ip);
      expect(refused.statusCode).toBe(429);
      expect(json(refused).error_type).toBe('too_many_requests');
      expect(json(refused).error_message).toMatch(/from this network\. Try again in 60 seconds\./);
      expect(refused.headers['retry-after']).toBe('60');
      // Another network is not affected.
      expect((await hit(kind, '192.0.2.99')).statusCode).toBe(200);
      ctx.clock.advance(45_000);
      expect((await hit(kind, ip)).headers['retry-after']).toBe('15');
      ctx.clock.advance(15_000);
      expect((await hit(kind, ip)).statusCode).toBe(200);
    });
  },
);

it('bad input is refused before counting, and a refused request uses no budget', async () => {
  const ip = '192.0.2.30';
  for (let i = 0; i < 40; i += 1) {
    const bad = await postPasswords(
      ctx,
      '/users/search',
      { email: 'no-at-sign' },
      { ip, publicToken: project.publicToken },
    );
    expect(json(bad).error_type).toBe('invalid_email');
  }
  expect(await burst('users_search', LOOKUP_LIMITS.users_search.ipPerMinute, ip)).not.toContain(429);
});

it('the development project allows ten times as much from one address (everything is 127.0.0.1 there)', async () => {
  expect(DEV_LOOKUP_LIMITS.users_search.ipPerMinute).toBe(10 * LOOKUP_LIMITS.users_search.ipPerMinute);
  expect(DEV_LOOKUP_LIMITS.strength_check.ipPerMinute).toBe(10 * LOOKUP_LIMITS.strength_check.ipPerMinute);
  expect(DEV_LOOKUP_LIMITS.webauthn_start.ipPerMinute).toBe(10 * LOOKUP_LIMITS.webauthn_start.ipPerMinute);
  const statuses = await burst('users_search', 301, '127.0.0.1', ctx.dev.public_token);
  expect(statuses.slice(0, 300)).toEqual(Array(300).fill(200));
  expect(statuses[300]).toBe(429);
});

it('the per-project limit holds across networks and names the project in its message', async () => {
  const throttle = createLookupThrottle(createRateLimiter({ db: ctx.db, clock: ctx.clock }), {
    normal: {
      strength_check: { ipPerMinute: 5, projectPerMinute: 3 },
      users_search: { ipPerMinute: 5, projectPerMinute: 3 },
      webauthn_start: { ipPerMinute: 5, projectPerMinute: 3 },
      oauth_start: { ipPerMinute: 5, projectPerMinute: 3 },
      crypto_start: { ipPerMinute: 5, projectPerMinute: 3 },
    },
    dev: DEV_LOOKUP_LIMITS,
  });
  // A project of its own: the HTTP tests above used up part of the shared project's budget.
  const { project } = await ctx.givenProject({});
  for (const ip of ['198.51.100.1', '198.51.100.2', '2001:db8::1']) {
    await throttle.check(project, 'users_search', ip);
  }
  const refused = await throttle
    .check(project, 'users_search', '2001:db8::2')
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).message).toContain('for this project');
  // The strength budget is separate.
  await throttle.check(project, 'strength_check', '198.51.100.3');
});
