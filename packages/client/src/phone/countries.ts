/** @module phone/countries — the countries a phone number can belong to, for a country picker. */

import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { PhoneCountryCode } from './parse-phone-number.js';

/** One entry of the country picker. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  code: PhoneCountryCode;
  /** Digits after `+`, e.g. `1`. */
  callingCode: string;
  /** Display name in the requested language, e.g. `United States`. */
  name: string;
}

const cache = new Map<string, readonly PhoneCountry[]>();

/** The requested language tag, then English; a malformed tag (a RangeError in Intl) is dropped. */
function languages(locale: string): string[] {
  try {
    return [...Intl.getCanonicalLocales(locale), 'en'];
  } catch {
    return ['en'];
  }
}

/** Region names via Intl.DisplayNames; the bare code where a runtime lacks it. */
function regionNamer(tags: string[]): (code: string) => string {
  if (typeof Intl.DisplayNames !== 'function') return (code) => code;
  const names = new Intl.DisplayNames(tags, { type: 'region', fallback: 'code' });
  return (code) => names.of(code) ?? code;
}

/**
 * Every country of the phone metadata with its calling code and name, sorted by name in
 * `locale` (default and fallback: English). The list is built once per locale.
 * @example
 * countries().find((c) => c.code === 'US') // { code: 'US', callingCode: '1', name: 'United States' }
 */
export function countries(locale = 'en'): readonly PhoneCountry[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tags = languages(locale);
  const name = regionNamer(tags);
  const collator = new Intl.Collator(tags);
  const list: readonly PhoneCountry[] = Object.freeze(
    getCountries()
      .map((code) => Object.freeze({ code, callingCode: getCountryCallingCode(code), name: name(code) }))
      .sort((a, b) => collator.compare(a.name, b.name) || (a.code < b.code ? -1 : 1)),
  );
  cache.set(locale, list);
  return list;
}
