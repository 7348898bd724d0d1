/** @module internal/to-screen-error — turns anything a client call threw into ScreenError data. */
import type { ScreenError } from '../machine/state.js';

/**
 * Keeps the stable `code` of a LatchkeyError, and its message only for API errors (those carry an
 * HTTP `status`): the wire promises that `error_message` is a sentence a person can act on, while
 * the messages of network or schema errors are for developers. A CryptoWalletError's message is
 * spec §8's text for people too; it is known by `name`, as it comes from the crypto chunk.
 */
export function toScreenError(error: unknown): ScreenError {
  if (typeof error !== 'object' || error === null) return { code: 'unknown' };
  const { code, message, status, name } = error as {
    code?: unknown;
    message?: unknown;
    status?: unknown;
    name?: unknown;
  };
  if (typeof code !== 'string' || code === '') return { code: 'unknown' };
  const forPeople = typeof status === 'number' || name === 'CryptoWalletError';
  if (forPeople && typeof message === 'string' && message !== '') return { code, message };
  return { code };
}
