/** @module internal/validate — argument checks of spec §5; each failure names the argument. */

import { LatchkeyArgumentError } from '../errors.js';

/** local part, `@`, domain, `.`, a TLD of at least two letters (spec §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** True when `value` looks like an email address by the spec's pattern. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Throws unless `value` is a string. */
export function assertString(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new LatchkeyArgumentError(name, 'must be a string');
}

/** Throws unless `value` is a string or undefined. */
export function assertOptionalString(name: string, value: unknown): asserts value is string | undefined {
  if (value !== undefined) assertString(name, value);
}

/** Throws unless `value` is a finite number. */
export function assertNumber(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new LatchkeyArgumentError(name, 'must be a number');
  }
}

/** Throws unless `value` is a finite number or undefined. */
export function assertOptionalNumber(name: string, value: unknown): asserts value is number | undefined {
  if (value !== undefined) assertNumber(name, value);
}

/** Throws unless `value` is a boolean or undefined. */
export function assertOptionalBoolean(name: string, value: unknown): asserts value is boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') {
    throw new LatchkeyArgumentError(name, 'must be a boolean');
  }
}

/** Throws unless `value` is a plain object (not null, not an array) or undefined. */
export function assertOptionalObject(name: string, value: unknown): asserts value is object | undefined {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw new LatchkeyArgumentError(name, 'must be an object');
  }
}

/** Throws unless `value` is a string matching the email pattern. */
export function assertEmail(name: string, value: unknown): asserts value is string {
  assertString(name, value);
  if (!isEmailAddress(value)) throw new LatchkeyArgumentError(name, 'must be a valid email address');
}

/** Throws unless `value` is a string with at least one character. */
export function assertNonEmptyString(name: string, value: unknown): asserts value is string {
  assertString(name, value);
  if (value === '') throw new LatchkeyArgumentError(name, 'must not be empty');
}

/** E.164: `+`, a country code not starting with 0, 7 to 15 digits in all, no spaces or punctuation. */
export const E164_PATTERN: RegExp = /^\+[1-9]\d{6,14}$/;

/**
 * Throws unless `value` is an E.164 phone number. The main entry checks only the shape; turning
 * user input into E.164 is `parsePhoneNumber`'s job (`@latchkey/client/phone`), kept out for size.
 */
export function assertPhoneNumber(name: string, value: unknown): asserts value is string {
  assertString(name, value);
  if (!E164_PATTERN.test(value)) {
    throw new LatchkeyArgumentError(
      name,
      'must be an E.164 phone number such as +15555550100; convert user input with parsePhoneNumber from @latchkey/client/phone',
    );
  }
}

/** Throws unless `value` is undefined or an absolute `http:` or `https:` URL. */
export function assertOptionalHttpUrl(name: string, value: unknown): asserts value is string | undefined {
  if (value === undefined) return;
  assertString(name, value);
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new LatchkeyArgumentError(name, 'must be an absolute http(s) URL');
  }
}

/** Throws unless `value` is undefined or an array of strings. */
export function assertOptionalStringArray(
  name: string,
  value: unknown,
): asserts value is string[] | undefined {
  if (value !== undefined && (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))) {
    throw new LatchkeyArgumentError(name, 'must be an array of strings');
  }
}

/** Throws unless `value` is undefined or a plain object whose values are all strings. */
export function assertOptionalStringRecord(
  name: string,
  value: unknown,
): asserts value is Record<string, string> | undefined {
  assertOptionalObject(name, value);
  if (value !== undefined && !Object.values(value).every((item) => typeof item === 'string')) {
    throw new LatchkeyArgumentError(name, 'must be an object of strings');
  }
}

/** Throws unless `value` is a whole number above zero (a duration in minutes, a count). */
export function assertPositiveInteger(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new LatchkeyArgumentError(name, 'must be a positive integer');
  }
}
