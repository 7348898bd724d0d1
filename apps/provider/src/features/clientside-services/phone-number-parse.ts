/** @module phone-number-parse — what the widget's phone field learns about a typed number (spec §7 phone parsing). */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { normalisePhoneNumber } from '../phone-numbers/phone-number.js';

/** The answer of `POST /v1/public/phone_numbers/parse` (wire-style snake_case). */
export interface PhoneNumberParseResult {
  /** True exactly when the OTP endpoints would accept `e164` (features/phone-numbers). */
  is_valid: boolean;
  e164: string | null;
  /** The number as written at home, e.g. `(201) 555-0123`. */
  national: string | null;
  /** ISO 3166-1 alpha-2; null for non-geographic numbers or when nothing parsed. */
  country: string | null;
  /** Without the `+`, e.g. `1`. */
  calling_code: string | null;
}

const NOTHING: PhoneNumberParseResult = {
  is_valid: false,
  e164: null,
  national: null,
  country: null,
  calling_code: null,
};

/**
 * Digits with the usual separators, optionally international. Letters (vanity numbers, `ext.`),
 * other scripts' digits and control characters never reach the parser (SECURITY F6).
 */
const TYPED_NUMBER = /^\+?[0-9 ().-]{2,32}$/;

/**
 * Parses `number` as typed, national numbers in `country` (ISO code, any case). Validity is the
 * provider's own rule for sending passcodes (normalisePhoneNumber over the E.164 form), so the
 * widget never offers a number the OTP endpoints then refuse.
 */
export function parsePhoneNumberInput(number: string, country?: string): PhoneNumberParseResult {
  const typed = number.trim();
  if (!TYPED_NUMBER.test(typed) || !/[0-9]/.test(typed)) return NOTHING;
  let defaultCountry: CountryCode | undefined;
  if (country !== undefined) {
    const upper = country.toUpperCase();
    if (!isSupportedCountry(upper)) return NOTHING;
    defaultCountry = upper;
  }
  const parsed = parsePhoneNumberFromString(typed, defaultCountry ? { defaultCountry } : {});
  if (!parsed) return NOTHING;
  return {
    is_valid: normalisePhoneNumber(parsed.number).ok,
    e164: parsed.number,
    national: parsed.formatNational(),
    country: parsed.country ?? null,
    calling_code: parsed.countryCallingCode,
  };
}
