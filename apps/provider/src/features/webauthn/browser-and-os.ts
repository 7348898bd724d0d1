/**
 * @module browser-and-os — a short, human name for the browser and system a request came from
 * ("Chrome on Linux", "Safari on iPhone"), for passkeys whose authenticator does not say who it is.
 * Only well-known names come out: the inputs are headers anyone can write, so nothing of theirs
 * is copied into the name.
 */

/** The user-agent client hints of a request, as the raw header values (absent when not sent). */
export interface ClientHints {
  /** `Sec-CH-UA`: the brand list, e.g. `"Chromium";v="130", "Google Chrome";v="130", "Not?A_Brand";v="99"`. */
  brands?: string | undefined;
  /** `Sec-CH-UA-Platform`, e.g. `"macOS"`. */
  platform?: string | undefined;
}

// Sec-CH-UA brands that name a browser; "Chromium" alone is the fallback, since every
// Chromium-based browser lists it next to its own brand.
const BRANDS: Readonly<Record<string, string>> = {
  'Google Chrome': 'Chrome',
  HeadlessChrome: 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  'Opera GX': 'Opera',
  Brave: 'Brave',
  'Samsung Internet': 'Samsung Internet',
  YaBrowser: 'Yandex Browser',
  Vivaldi: 'Vivaldi',
};

// Sec-CH-UA-Platform values (the spec's list) → the word a person uses.
const PLATFORMS: Readonly<Record<string, string>> = {
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  'Chromium OS': 'ChromeOS',
  iOS: 'iPhone',
  Linux: 'Linux',
  macOS: 'Mac',
  Windows: 'Windows',
};

// User-Agent tokens, most specific first: Edge, Opera and Samsung Internet also say "Chrome",
// Chrome also says "Safari", and every iOS browser says "Safari" with its own token before it.
const UA_BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

// iPadOS Safari says "Macintosh" unless the site asked for the mobile page; nothing tells them apart.
const UA_SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: ReadonlyArray<readonly [RegExp, string]>, text: string): string | null =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The brands of a Sec-CH-UA list (a structured-field list of quoted strings with parameters). */
function brandsOf(header: string): string[] {
  return [...header.matchAll(/"([^"\\]*)"\s*(?:;[^,]*)?/g)].map((match) => match[1] ?? '');
}

/** The browser named by the hints: a known brand, else "Chromium" when that is all it says. */
function browserFromHints(header: string | undefined): string | null {
  if (!header) return null;
  const brands = brandsOf(header);
  for (const brand of brands) {
    const name = BRANDS[brand];
    if (name) return name;
  }
  return brands.includes('Chromium') ? 'Chromium' : null;
}

function systemFromHints(header: string | undefined): string | null {
  if (!header) return null;
  const platform = header.trim().replace(/^"(.*)"$/, '$1');
  return PLATFORMS[platform] ?? null;
}

/**
 * "{browser} on {system}", or the one of them that is known, or null. Client hints win where
 * they name something, since Chromium-based browsers all write "Chrome" in their User-Agent; the
 * User-Agent alone tells iPhone from iPad, and Safari and Firefox send no hints.
 */
export function browserAndOsName(userAgent: string, hints: ClientHints = {}): string | null {
  const fromAgent = firstMatch(UA_SYSTEMS, userAgent);
  const system =
    fromAgent === 'iPhone' || fromAgent === 'iPad' || fromAgent === 'iPod'
      ? fromAgent
      : (systemFromHints(hints.platform) ?? fromAgent);
  const browser = browserFromHints(hints.brands) ?? firstMatch(UA_BROWSERS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}
