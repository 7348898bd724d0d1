/** @module email-address — what counts as an email address in a request, and the error for one that is not. */
import { ApiError } from '../../errors/api-error.js';

/** RFC 5321: a path is at most 256 octets, so an address at most 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The rule of ajv-formats' full `email` format (what the other endpoints' schemas use), so an
 * address one endpoint takes is taken by all: a dot-atom local part, `@`, and a domain of at
 * least two labels of letters, digits and inner hyphens. Checked as sent (no trimming).
 */
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Whether `value` is an email address the provider accepts. */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * 400 `invalid_email` unless `value` is an address: a string that is not one is a mistake the
 * person typing can fix (the widget shows the message under the field, wire/README.md), unlike a
 * wrong JSON type, which stays a schema error (`invalid_request` with `body`).
 */
export function assertEmailAddress(value: string): void {
  if (!isEmailAddress(value)) throw new ApiError('invalid_email');
}

/**
 * The stored form of an address: trimmed and lower-cased, so one inbox is one account whatever
 * its spelling in a request (every lookup and insert goes through this).
 */
export function normaliseEmailAddress(value: string): string {
  return value.trim().toLowerCase();
}
