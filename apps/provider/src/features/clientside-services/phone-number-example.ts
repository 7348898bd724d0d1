/** @module phone-number-example — a country's example mobile number, the placeholder of the official widget's phone field. */
import { getExampleNumber, isSupportedCountry } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

/**
 * The example mobile number of `country` (ISO code, any case) as written at home, e.g.
 * `(201) 555-0123` for `US`; null for a country the metadata does not know.
 */
export function examplePhoneNumber(country: string): string | null {
  const upper = country.toUpperCase();
  if (!isSupportedCountry(upper)) return null;
  return getExampleNumber(upper, examples)?.formatNational() ?? null;
}
