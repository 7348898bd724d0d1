import { describe, expect, it } from 'vitest';
import { LatchkeyArgumentError } from '../errors.js';
import {
  assertEmail,
  assertNonEmptyString,
  assertNumber,
  assertOptionalBoolean,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertPhoneNumber,
  assertPositiveInteger,
  assertString,
  isEmailAddress,
} from './validate.js';

function thrown(fn: () => void): LatchkeyArgumentError {
  try {
    fn();
  } catch (error) {
    return error as LatchkeyArgumentError;
  }
  throw new Error('expected a throw');
}

describe('argument checks', () => {
  it('name the argument in the message and in .argument', () => {
    const error = thrown(() => assertNumber('session_duration_minutes', '60'));
    expect(error).toBeInstanceOf(LatchkeyArgumentError);
    expect(String(error)).toBe('LatchkeyArgumentError: session_duration_minutes must be a number');
    expect(error.argument).toBe('session_duration_minutes');
    expect(error.code).toBe('invalid_argument');
  });

  it('accept valid values and reject invalid ones', () => {
    expect(() => assertString('email', 'x')).not.toThrow();
    expect(thrown(() => assertString('email', 1)).message).toBe('email must be a string');
    expect(() => assertOptionalString('domain', undefined)).not.toThrow();
    expect(thrown(() => assertOptionalString('domain', null)).message).toBe('domain must be a string');
    expect(thrown(() => assertNumber('n', Number.NaN)).message).toBe('n must be a number');
    expect(() => assertOptionalNumber('n', undefined)).not.toThrow();
    expect(thrown(() => assertOptionalBoolean('is_passkey', 'yes')).message).toBe(
      'is_passkey must be a boolean',
    );
    expect(() => assertOptionalBoolean('is_passkey', false)).not.toThrow();
    expect(thrown(() => assertOptionalObject('untrustedMetadata', [])).message).toBe(
      'untrustedMetadata must be an object',
    );
    expect(thrown(() => assertOptionalObject('untrustedMetadata', null)).argument).toBe('untrustedMetadata');
    expect(() => assertOptionalObject('untrustedMetadata', { a: 1 })).not.toThrow();
  });
});

describe('email pattern', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b+tag@mail.example.co', true],
    ['user@localhost', false],
    ['user@example.c', false],
    ['user@example.c0m', false],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['spa ce@example.com', false],
    ['@example.com', false],
  ])('%s → %s', (email, valid) => {
    expect(isEmailAddress(email)).toBe(valid);
    if (!valid) expect(thrown(() => assertEmail('email', email)).argument).toBe('email');
  });
});

describe('non-empty strings', () => {
  it('reject non-strings and the empty string, accept anything else', () => {
    expect(thrown(() => assertNonEmptyString('code', 123456)).message).toBe('code must be a string');
    expect(thrown(() => assertNonEmptyString('code', '')).message).toBe('code must not be empty');
    expect(() => assertNonEmptyString('code', ' ')).not.toThrow();
  });
});

describe('positive integers', () => {
  it.each([1, 60, Number.MAX_SAFE_INTEGER])('accept %s', (value) => {
    expect(() => assertPositiveInteger('session_duration_minutes', value)).not.toThrow();
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '60', undefined, null])(
    'reject %s',
    (value) => {
      const error = thrown(() => assertPositiveInteger('session_duration_minutes', value));
      expect(error.message).toBe('session_duration_minutes must be a positive integer');
      expect(error.argument).toBe('session_duration_minutes');
    },
  );
});

describe('E.164 phone numbers', () => {
  it.each([
    ['+15555550100', true],
    ['+4930123456', true],
    ['+123456789012345', true],
    ['+1234567', true],
    ['+123456', false],
    ['+1234567890123456', false],
    ['+01234567', false],
    ['15555550100', false],
    ['+1 555 555 0100', false],
    ['+1555555010a', false],
    [' +15555550100', false],
  ])('%j → %s', (phone, valid) => {
    if (valid) {
      expect(() => assertPhoneNumber('phoneNumber', phone)).not.toThrow();
      return;
    }
    const error = thrown(() => assertPhoneNumber('phoneNumber', phone));
    expect(error.argument).toBe('phoneNumber');
    expect(error.message).toMatch(/^phoneNumber must be an E\.164 phone number .*parsePhoneNumber/);
  });
});
