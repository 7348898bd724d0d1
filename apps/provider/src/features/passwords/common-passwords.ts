/** @module common-passwords — the bundled list of the most common (breached) passwords (SECURITY §2 "Password policy"). */
import { passwordDictionaries } from './password-dictionaries.js';

/**
 * How many of zxcvbn-ts's password dictionary (ordered most common first, from public breach
 * corpora) count as breached. ASVS 6.2.4 asks for at least the top 3 000; we take 10 000.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * True when `password` (already NFKC-normalised) is on the list, compared lower-cased: the list
 * is lower-case and `Password1` is as guessable as `password1`. No network lookup is made.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= passwordDictionaries().then(
    ({ commonDictionary }) => new Set(commonDictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return (await common).has(password.toLowerCase());
}
