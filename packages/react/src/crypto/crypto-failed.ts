/** @module crypto/crypto-failed — the event that ends a crypto attempt with what went wrong. */
import { toScreenError } from '../internal/to-screen-error.js';
import type { Event } from '../machine/event.js';

/** CRYPTO_FAILED for `attempt`; the host hears of `cause` only if the attempt is still current. */
export function cryptoFailed(attempt: number, cause: unknown): Event {
  return { type: 'CRYPTO_FAILED', attempt, error: toScreenError(cause), cause };
}
