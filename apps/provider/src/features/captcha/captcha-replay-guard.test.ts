/** A captcha token works once within ten minutes, across processes sharing the database. */
import { expect, it } from 'vitest';
import { useTestContext } from '../../../test/use-test-context.js';
import { CAPTCHA_REPLAY_WINDOW_MS, createCaptchaReplayGuard } from './captcha-replay-guard.js';

const ctx = useTestContext();

it('is true the first time only, and stores no plaintext token', async () => {
  const guard = createCaptchaReplayGuard({ db: ctx.db, clock: ctx.clock });
  expect(await guard.firstUse('token-a')).toBe(true);
  expect(await guard.firstUse('token-a')).toBe(false);
  expect(await guard.firstUse('token-b')).toBe(true);
  const stored = await ctx.db.selectFrom('captcha_tokens').select('token_hash').execute();
  expect(stored.map((row) => row.token_hash).join()).not.toContain('token-');
});

it('is shared by two guards (two provider processes), and of concurrent uses one wins', async () => {
  const first = createCaptchaReplayGuard({ db: ctx.db, clock: ctx.clock });
  const second = createCaptchaReplayGuard({ db: ctx.db, clock: ctx.clock });
  expect(await first.firstUse('token-c')).toBe(true);
  expect(await second.firstUse('token-c')).toBe(false);
  const results = await Promise.all([first.firstUse('token-d'), second.firstUse('token-d')]);
  expect(results.filter(Boolean)).toHaveLength(1);
});

it('forgets a token after ten minutes and sweeps expired records', async () => {
  const guard = createCaptchaReplayGuard({ db: ctx.db, clock: ctx.clock, sweepIntervalMs: 0 });
  expect(await guard.firstUse('token-e')).toBe(true);
  ctx.clock.advance(CAPTCHA_REPLAY_WINDOW_MS - 1);
  expect(await guard.firstUse('token-e')).toBe(false);
  ctx.clock.advance(CAPTCHA_REPLAY_WINDOW_MS + 1);
  expect(await guard.firstUse('token-f')).toBe(true);
  // The sweep before that claim deleted every record older than the window.
  const left = await ctx.db.selectFrom('captcha_tokens').select('expires_at').execute();
  expect(left).toHaveLength(1);
  expect(await guard.firstUse('token-e')).toBe(true);
});
