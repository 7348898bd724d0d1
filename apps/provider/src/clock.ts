/** @module clock — the one source of "now" for every expiry rule, injectable so tests can move time. */

/** Reads the current time. Logic never calls `Date.now()` directly. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; used by tests to cross expiry boundaries. */
export interface ManualClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

/** Creates a clock fixed at `start` that only moves when told to. */
export function createManualClock(start: Date = new Date('2026-01-01T00:00:00.000Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A clock running `offsetMs` ahead of another; end-to-end tests move it to cross expiry boundaries. */
export interface OffsetClock extends Clock {
  advance(ms: number): void;
  offsetMs(): number;
}

/** Creates a clock that follows `base`, shifted by an offset that only grows. */
export function createOffsetClock(base: Clock): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
