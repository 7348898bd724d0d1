/** @module expiry-sweep.test — the sweep runs first, then at most once per interval of the clock it is given. */
import { describe, expect, it } from 'vitest';
import { createExpirySweep } from './expiry-sweep.js';

describe('createExpirySweep', () => {
  it('runs on the first call, skips until the interval has passed, then runs again', async () => {
    const runs: number[] = [];
    const sweep = createExpirySweep(async (now) => {
      runs.push(now.getTime());
    }, 1_000);
    await sweep(new Date(5_000));
    await sweep(new Date(5_999));
    await sweep(new Date(6_000));
    await sweep(new Date(6_500));
    expect(runs).toEqual([5_000, 6_000]);
  });

  it('sweeps once a minute unless told otherwise', async () => {
    let runs = 0;
    const sweep = createExpirySweep(async () => {
      runs += 1;
    });
    await sweep(new Date(0));
    await sweep(new Date(59_999));
    await sweep(new Date(60_000));
    expect(runs).toBe(2);
  });
});
