/** @module pool-size — how many PostgreSQL connections the provider pools (DATABASE_POOL_SIZE, else sized for the machine). */
import { availableParallelism } from 'node:os';

/** Bounds of DATABASE_POOL_SIZE. */
export const POOL_SIZE_RANGE = { min: 1, max: 1000 } as const;

/**
 * Two connections per core, between 4 and 20: PostgreSQL runs one backend per connection, and
 * beyond about twice the cores they only queue for CPU inside the server; one Node process
 * cannot keep more busy. Below 4, a slow statement would stall every request behind it.
 */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.min(20, Math.max(4, 2 * cores));
}

/** Reads DATABASE_POOL_SIZE: undefined when unset, a number in range, or a problem to refuse to start with. */
export function parsePoolSize(
  raw: string | undefined,
): { ok: true; value: number | undefined } | { ok: false; problem: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: undefined };
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < POOL_SIZE_RANGE.min || value > POOL_SIZE_RANGE.max) {
    return {
      ok: false,
      problem: `DATABASE_POOL_SIZE must be an integer from ${POOL_SIZE_RANGE.min} to ${POOL_SIZE_RANGE.max}, got "${raw}"`,
    };
  }
  return { ok: true, value };
}
