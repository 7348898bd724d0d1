/**
 * @module authenticator-names — the passkey provider behind an AAGUID, from the community list
 * github.com/passkeydeveloper/passkey-authenticator-aaguids as the `aaguids` package ships it
 * (names only; MIT). The one place that reads the package, so another source swaps in here.
 */
import { createRequire } from 'node:module';

/** The AAGUID a client sends when it does not say which authenticator made the credential. */
export const ZERO_AAGUID = '00000000-0000-0000-0000-000000000000';

// The package is CommonJS whose typings claim an ES default export; require() reads it as it is.
const listed: unknown = createRequire(import.meta.url)('aaguids');

/** One line of text: runs of white space become one space; null when nothing printable is left. */
function oneLine(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const line = name.replace(/\s+/g, ' ').trim();
  return line === '' || /\p{C}/u.test(line) ? null : line;
}

/**
 * AAGUID (lower case) → name. Entries that are not one line of text are left out: the list's
 * maintainers say they will empty it when it retires, and a name must stay a name.
 */
export const AUTHENTICATOR_NAMES: ReadonlyMap<string, string> = new Map(
  typeof listed === 'object' && listed !== null
    ? Object.entries(listed).flatMap(([aaguid, name]) => {
        const line = oneLine(name);
        return line ? [[aaguid.toLowerCase(), line] as const] : [];
      })
    : [],
);

/** The authenticator's name for `aaguid`, or null when it is unknown or all zeros (attestation "none"). */
export function authenticatorNameOf(aaguid: string): string | null {
  const key = aaguid.toLowerCase();
  if (key === ZERO_AAGUID) return null;
  return AUTHENTICATOR_NAMES.get(key) ?? null;
}
