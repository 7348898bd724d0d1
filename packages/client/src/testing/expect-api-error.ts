/** @module testing/expect-api-error — the client tests' check that a call rejected with the provider's error. */

import { expect } from 'vitest';
import { LatchkeyApiError } from '../errors.js';

/**
 * Awaits `call`'s rejection and asserts it is a LatchkeyApiError with these fields (code, status,
 * message, …): the one shape every method promises for a provider error. Returns the error.
 */
export async function expectApiError(
  call: Promise<unknown>,
  fields: Record<string, unknown>,
): Promise<unknown> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LatchkeyApiError);
  expect(error).toMatchObject(fields);
  return error;
}
