/** @module testing/expect-argument-error — the client tests' check that a call refused its arguments. */

import { expect } from 'vitest';
import { LatchkeyArgumentError } from '../errors.js';

/**
 * Awaits `call`'s rejection and asserts it is a LatchkeyArgumentError with these fields (argument,
 * message, …): what every method throws before any request for an argument it cannot send. Returns the error.
 */
export async function expectArgumentError(
  call: Promise<unknown>,
  fields: Record<string, unknown> = {},
): Promise<unknown> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LatchkeyArgumentError);
  expect(error).toMatchObject(fields);
  return error;
}
