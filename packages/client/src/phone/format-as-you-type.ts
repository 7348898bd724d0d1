/** @module phone/format-as-you-type — formats a partly typed phone number for display in an input. */

import { AsYouType, isSupportedCountry } from 'libphonenumber-js/min';

/**
 * Formats `input` as far as it goes, the way the number is written in `country` (or
 * internationally when the input starts with `+`). Unknown countries format internationally only.
 * @example
 * formatAsYouType('2015550', 'US') // '(201) 555-0'
 */
export function formatAsYouType(input: string, country?: string): string {
  if (typeof input !== 'string') return '';
  const upper = country?.toUpperCase();
  return new AsYouType(upper && isSupportedCountry(upper) ? upper : undefined).input(input);
}
