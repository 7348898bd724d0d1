/** @module registration-name — what PUT /webauthn/update accepts as a passkey's name. */
import { ApiError } from '../../errors/api-error.js';

/** At most this many characters (code points) after trimming. */
export const MAX_REGISTRATION_NAME_LENGTH = 100;

// Control characters, lone surrogates and line/paragraph separators: a name is one line of text.
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * The stored form of a new name: trimmed, 1–100 characters, one line without control
 * characters; otherwise 400 invalid_request with a message a person can act on.
 */
export function normaliseRegistrationName(name: string): string {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length === 0) throw invalidName('The passkey name cannot be empty.');
  if (length > MAX_REGISTRATION_NAME_LENGTH)
    throw invalidName(`The passkey name can be at most ${MAX_REGISTRATION_NAME_LENGTH} characters long.`);
  if (FORBIDDEN.test(trimmed))
    throw invalidName('The passkey name must be a single line without control characters.');
  return trimmed;
}

function invalidName(message: string): ApiError {
  return new ApiError('invalid_request', { message });
}
