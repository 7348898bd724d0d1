/** @module phone/default-country — the country the phone picker starts on. */

/** The picker's fallback when the browser language names no region. */
export const FALLBACK_COUNTRY = 'US';

/**
 * The region of a BCP 47 language tag (`en-GB` → `GB`), else `US`. Numeric regions such as
 * `es-419` name no single country and fall back too.
 */
export function defaultCountryOf(language: string | undefined): string {
  if (!language) return FALLBACK_COUNTRY;
  try {
    const region = new Intl.Locale(language).region;
    if (region && /^[A-Z]{2}$/.test(region)) return region;
  } catch {
    // A malformed tag (RangeError) names no region.
  }
  return FALLBACK_COUNTRY;
}
