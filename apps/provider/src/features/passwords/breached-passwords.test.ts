/** Breached passwords: the bundled list plus a k-anonymity range API on 127.0.0.1, alone and behind the endpoints. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { givenPasswordUser, passwordSnapshot, postPasswords } from '../../../test/password-helpers.js';
import { passwordSha1, type RangeApiServer, startRangeApi } from '../../../test/range-api-server.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { createManualClock } from '../../clock.js';
import { createBreachedPasswords, parseRange, RANGE_BACKOFF_MS } from './breached-passwords.js';

/** Strong by zxcvbn and on no bundled list; the fixture API lists it. */
const LEAKED = 'quilted-marmot-sextant-90-lagoon';
const UNLISTED = 'orchid-tugboat-lantern-61-meadow';
const BREACH_TEXT =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

let api: RangeApiServer;
beforeAll(async () => {
  api = await startRangeApi([LEAKED]);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.mode = 'ok';
});

describe('parseRange', () => {
  it('keeps suffixes seen at least once, upper-cased, and drops padding and junk lines', () => {
    const suffix = 'a'.repeat(35);
    const parsed = parseRange(
      [
        `${suffix}:3`,
        `${'B'.repeat(35)}:0`,
        'not a line',
        `${'C'.repeat(34)}:9`,
        `${'D'.repeat(35)}:1\r`,
      ].join('\n'),
    );
    expect([...parsed].sort()).toEqual(['A'.repeat(35), 'D'.repeat(35)]);
  });
});

describe('createBreachedPasswords', () => {
  const warnings: string[] = [];
  afterEach(() => {
    warnings.length = 0;
  });
  const checker = (timeoutMs?: number) => {
    const clock = createManualClock();
    const breached = createBreachedPasswords({
      clock,
      rangeApi: { url: api.url, ...(timeoutMs ? { timeoutMs } : {}) },
      warn: (message) => warnings.push(message),
    });
    return { clock, breached };
  };

  it('finds a listed password by its hash prefix alone, asking with padding', async () => {
    const { breached } = checker();
    expect(await breached.isBreached(LEAKED)).toBe(true);
    expect(await breached.isBreached(UNLISTED)).toBe(false);
    expect(api.requests).toEqual([
      { path: `/range/${passwordSha1(LEAKED).slice(0, 5)}`, addPadding: 'true' },
      { path: `/range/${passwordSha1(UNLISTED).slice(0, 5)}`, addPadding: 'true' },
    ]);
  });

  it('answers the bundled list without a request', async () => {
    const { breached } = checker();
    expect(await breached.isBreached('password1')).toBe(true);
    expect(api.requests).toEqual([]);
  });

  it('reuses an answered range for an hour', async () => {
    const { clock, breached } = checker();
    await breached.isBreached(LEAKED);
    await breached.isBreached(LEAKED);
    expect(api.requests).toHaveLength(1);
    clock.advance(60 * 60 * 1000);
    await breached.isBreached(LEAKED);
    expect(api.requests).toHaveLength(2);
  });

  it('passes a password when the API fails, then leaves the API alone for the back-off', async () => {
    const { clock, breached } = checker();
    api.mode = 'unavailable';
    expect(await breached.isBreached(LEAKED)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(await breached.isBreached(UNLISTED)).toBe(false);
    expect(api.requests).toHaveLength(1);
    // The bundled list still holds during the back-off.
    expect(await breached.isBreached('password1')).toBe(true);

    api.mode = 'ok';
    clock.advance(RANGE_BACKOFF_MS);
    expect(await breached.isBreached(LEAKED)).toBe(true);
  });

  // How the lookup ended, not how long it took (a wall-clock bound fails on a busy machine): by
  // its own timeout, armed with the configured 200 ms.
  it('gives up on a range API that never answers after its timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      const failures: unknown[] = [];
      const breached = createBreachedPasswords({
        clock: createManualClock(),
        rangeApi: { url: api.url, timeoutMs: 200 },
        warn: (_message, error) => failures.push(error),
      });
      api.mode = 'hang';
      expect(await breached.isBreached(LEAKED)).toBe(false);
      expect(timeout).toHaveBeenCalledWith(200);
      expect(failures).toHaveLength(1);
      expect((failures[0] as { name?: string }).name).toBe('TimeoutError');
    } finally {
      timeout.mockRestore();
    }
  });

  it('without a range API asks nobody', async () => {
    const breached = createBreachedPasswords({ clock: createManualClock() });
    expect(await breached.isBreached(LEAKED)).toBe(false);
    expect(await breached.isBreached('password1')).toBe(true);
    expect(api.requests).toEqual([]);
  });
});

describe('the password endpoints with a range API', () => {
  const ctx = useTestContext(() => ({ breachedPasswordsRangeUrl: api.url }));

  it('strength_check reports a password the API lists as breached, with the breach warning', async () => {
    const response = await postPasswords(ctx, '/passwords/strength_check', { password: LEAKED });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data).toMatchObject({ valid_password: false, breached_password: true, score: 4 });
    expect(data.feedback.warning).toBe(BREACH_TEXT);
  });

  it('create refuses it with weak_password and stores nothing', async () => {
    const before = await passwordSnapshot(ctx);
    const response = await postPasswords(ctx, '/passwords', {
      email: 'leaky@example.com',
      password: LEAKED,
      session_duration_minutes: 30,
    });
    expect(statusAndErrorType(response)).toEqual([400, 'weak_password']);
    expect(json(response).error_message).toContain('breached');
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });

  it('a login whose stored password turned up in a breach answers reset_password and opens no session', async () => {
    const fresh = 'harbour-quince-gable-28-fjord';
    await givenPasswordUser(ctx, 'later-leaked@example.com', fresh);
    api.add(fresh);
    // Sign-up looked its range up; the answer is reused for an hour, then the leak is seen.
    ctx.clock.advance(60 * 60 * 1000);
    const before = await passwordSnapshot(ctx);
    const response = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'later-leaked@example.com',
      password: fresh,
      session_duration_minutes: 30,
    });
    expect(statusAndErrorType(response)).toEqual([400, 'reset_password']);
    expect((await passwordSnapshot(ctx)).sessions).toBe(before.sessions);
  });

  it('a wrong password is never looked up', async () => {
    await givenPasswordUser(ctx, 'typo@example.com', UNLISTED);
    api.requests.length = 0;
    const response = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'typo@example.com',
      password: `${UNLISTED}x`,
      session_duration_minutes: 30,
    });
    expect(response.statusCode).toBe(401);
    expect(api.requests).toEqual([]);
  });

  it('with the API down, a strong password still signs up', async () => {
    api.mode = 'unavailable';
    const response = await postPasswords(ctx, '/passwords', {
      email: 'api-down@example.com',
      password: 'saffron-kayak-beacon-47-tundra',
      session_duration_minutes: 30,
    });
    expect(response.statusCode).toBe(200);
  });
});
