/** @module phone-number — parsing a typed phone number into E.164 (libphonenumber-js, full metadata). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Why a number was refused. */
export type PhoneNumberProblem = 'format' | 'invalid' | 'extension' | 'premium_rate';

/** The outcome of normalisePhoneNumber. */
export type NormalisedPhoneNumber = { ok: true; e164: string } | { ok: false; problem: PhoneNumberProblem };

/**
 * What a caller may type: a leading `+` (the country code is required, there is no default
 * country), then digits with the usual separators. Letters (vanity numbers, `ext.`), other
 * scripts' digits and control characters never reach the parser (SECURITY F6).
 */
const TYPED_NUMBER = /^\+[0-9][0-9 ().-]{1,30}$/;

/**
 * NANP numbers `+1 NXX 555-01XX` are reserved for fiction and examples (wire/endpoints.md uses
 * `+15555550100`); libphonenumber calls them invalid, but docs and tests rely on them. No real
 * phone has one, so accepting them sends nothing anywhere that could cost or annoy.
 */
const FICTIONAL_NANP = /^\+1[2-9]\d{2}55501\d{2}$/;

/** Toll fraud (SECURITY F6): numbers that make the sender pay the receiver get nothing. */
const REFUSED_TYPES = new Set(['PREMIUM_RATE', 'SHARED_COST']);

/**
 * Normalises `input` to E.164 (`+14155552671`): it must be in international form, parse, be a
 * valid number for its country per the full metadata (or a fictional NANP example number), have
 * no extension, and not be premium-rate or shared-cost.
 */
export function normalisePhoneNumber(input: string): NormalisedPhoneNumber {
  const typed = input.trim();
  if (!TYPED_NUMBER.test(typed)) return { ok: false, problem: 'format' };
  const parsed = parsePhoneNumberFromString(typed);
  if (!parsed) return { ok: false, problem: 'format' };
  if (parsed.ext) return { ok: false, problem: 'extension' };
  if (parsed.isValid()) {
    const type = parsed.getType();
    if (type && REFUSED_TYPES.has(type)) return { ok: false, problem: 'premium_rate' };
    return { ok: true, e164: parsed.number };
  }
  if (FICTIONAL_NANP.test(parsed.number)) return { ok: true, e164: parsed.number };
  return { ok: false, problem: 'invalid' };
}

/** A message a person can act on, for each problem. */
export function phoneNumberProblemMessage(problem: PhoneNumberProblem): string {
  switch (problem) {
    case 'premium_rate':
      return 'Passcodes cannot be sent to premium-rate or shared-cost numbers.';
    case 'extension':
      return 'Enter the phone number without an extension.';
    default:
      return 'Enter a valid phone number in international format, starting with + and the country code (e.g. +14155552671).';
  }
}
