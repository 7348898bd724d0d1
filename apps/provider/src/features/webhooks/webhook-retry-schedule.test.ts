import { describe, expect, it } from 'vitest';
import { unitInterval, webhookRetriesExhausted, webhookRetryDelayMs } from './webhook-retry-schedule.js';

const JUST_BELOW_ONE = 1 - 2 ** -32;

describe('webhook retry schedule', () => {
  it('waits between half and all of 5 s doubled per failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelayMs(n, 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((n) => webhookRetryDelayMs(n, JUST_BELOW_ONE))).toEqual([
      4_999, 9_999, 19_999, 39_999,
    ]);
  });

  it('never retries at once, even on the smallest draw (a test clock that stands still would run it again in the same drain)', () => {
    for (let attempts = 1; attempts < 60; attempts++)
      expect(webhookRetryDelayMs(attempts, 0)).toBeGreaterThan(0);
  });

  it('caps the wait at an hour (30 to 60 minutes), however many attempts failed', () => {
    for (const attempts of [11, 12, 40, 1_000]) {
      expect(webhookRetryDelayMs(attempts, 0)).toBe(30 * 60_000);
      expect(webhookRetryDelayMs(attempts, JUST_BELOW_ONE)).toBe(60 * 60_000 - 1);
    }
  });

  it('gives up 24 hours after the window began, not before', () => {
    const start = new Date('2026-03-01T12:00:00.000Z');
    expect(webhookRetriesExhausted(start, new Date(start.getTime() + 24 * 60 * 60_000 - 1))).toBe(false);
    expect(webhookRetriesExhausted(start, new Date(start.getTime() + 24 * 60 * 60_000))).toBe(true);
  });

  it('draws a unit from four bytes over the whole of [0, 1)', () => {
    expect(unitInterval(new Uint8Array([0, 0, 0, 0]))).toBe(0);
    expect(unitInterval(new Uint8Array([0x80, 0, 0, 0]))).toBe(0.5);
    expect(unitInterval(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toBe(JUST_BELOW_ONE);
  });
});
