/** @module internal/backoff — the background refresh's retry delay (wire `client-state.md`, session refresh). */

import type { RandomValues } from '../options.js';

/** Base delay of the first doubling, in ms (spec §9). */
export const BACKOFF_BASE_MS = 2000;
/** The exponent stops growing here, so the delay caps at 2000 × 2^7 = 256 s (spec §9). */
export const BACKOFF_MAX_EXPONENT = 7;
/** Jitter is an integer in [−175, +174] ms. */
export const BACKOFF_JITTER_MS = 175;

/** A random integer jitter in [−175, 174]. */
export function backoffJitter(random: RandomValues): number {
  const value = new Uint32Array(1);
  random(value);
  return (value[0]! % (2 * BACKOFF_JITTER_MS)) - BACKOFF_JITTER_MS;
}

/** Delay before retry `attempt` (1, 2, …): `2000 × 2^min(attempt, 7)` plus jitter. */
export function backoffDelay(attempt: number, random: RandomValues): number {
  return BACKOFF_BASE_MS * 2 ** Math.min(attempt, BACKOFF_MAX_EXPONENT) + backoffJitter(random);
}
