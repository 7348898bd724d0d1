/** @module phone/parse-phone-number — user input to E.164, with a reason when it is not a number. */

import {
  type CountryCode,
  isSupportedCountry,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';
import { E164_PATTERN } from '../internal/validate.js';

/** An ISO 3166-1 alpha-2 code the phone metadata knows, e.g. `US`. */
export type PhoneCountryCode = CountryCode;

/** Why a text is not a usable phone number. */
export type PhoneNumberProblem = 'too_short' | 'too_long' | 'invalid_country' | 'not_a_number' | 'invalid';

/** The outcome of `parsePhoneNumber`. */
export type ParsedPhoneNumber =
  | {
      ok: true;
      /** What the OTP calls take, e.g. `+12015550123`. */
      e164: string;
      /** The number's country; null for non-geographic numbers (e.g. `+800`). */
      country: PhoneCountryCode | null;
      /** The number as written at home, e.g. `(201) 555-0123`. */
      national: string;
    }
  | { ok: false; reason: PhoneNumberProblem };

/** libphonenumber's error names (ParseError messages and length verdicts) to ours. */
const REASONS: Record<string, PhoneNumberProblem> = {
  TOO_SHORT: 'too_short',
  TOO_LONG: 'too_long',
  INVALID_COUNTRY: 'invalid_country',
  NOT_A_NUMBER: 'not_a_number',
};

const fail = (code: string | undefined): ParsedPhoneNumber => ({
  ok: false,
  reason: (code && REASONS[code]) || 'invalid',
});

/**
 * Parses what a user typed. Input starting with `+` carries its own country; anything else is
 * read as a national number of `defaultCountry` (ISO code, any case). Only numbers the metadata
 * holds valid pass, so fictional ranges such as `+1 555 555 0100` are refused (use `+1 201 555 0123`).
 * @example
 * parsePhoneNumber('(201) 555-0123', 'US') // { ok: true, e164: '+12015550123', country: 'US', national: '(201) 555-0123' }
 * parsePhoneNumber('12', 'US')             // { ok: false, reason: 'too_short' }
 */
export function parsePhoneNumber(input: string, defaultCountry?: string): ParsedPhoneNumber {
  if (typeof input !== 'string') return fail('NOT_A_NUMBER');
  let country: CountryCode | undefined;
  if (defaultCountry !== undefined) {
    const upper = String(defaultCountry).toUpperCase();
    // A bad default is the caller's bug; say so rather than guess another country.
    if (!isSupportedCountry(upper)) return fail('INVALID_COUNTRY');
    country = upper;
  }
  try {
    const number = parsePhoneNumberWithError(input, country);
    if (!number.isValid()) return fail(validatePhoneNumberLength(input, country));
    // The small metadata takes a few short service numbers (e.g. DE `1000` → +491000) as valid;
    // the calls take only what E.164 allows, so those are too short here too.
    if (!E164_PATTERN.test(number.number)) return fail('TOO_SHORT');
    return {
      ok: true,
      e164: number.number,
      country: number.country ?? null,
      national: number.formatNational(),
    };
  } catch (error) {
    if (error instanceof ParseError) return fail(error.message);
    throw error;
  }
}
