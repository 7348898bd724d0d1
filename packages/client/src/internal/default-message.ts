/** @module internal/default-message — the spec's default text for provider errors that carry none. */

import { LatchkeyApiError } from '../errors.js';

/**
 * Gives a provider error without its own text the spec's default message (spec §8); errors
 * that carry an `error_message` pass unchanged.
 */
export async function withDefaultMessage<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const body = error instanceof LatchkeyApiError ? (error.cause as { error_message?: unknown }) : null;
    if (!(error instanceof LatchkeyApiError) || typeof body?.error_message === 'string') throw error;
    throw new LatchkeyApiError(
      {
        code: error.code,
        status: error.status,
        message,
        requestId: error.requestId,
        errorUrl: error.errorUrl,
      },
      { cause: error.cause },
    );
  }
}
