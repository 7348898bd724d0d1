/** @module clock — the time every expiry rule reads; tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
