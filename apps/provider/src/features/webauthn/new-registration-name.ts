/** @module new-registration-name — the name a new passkey gets before the user picks one. */
import { authenticatorNameOf } from './authenticator-names.js';
import { browserAndOsName, type ClientHints } from './browser-and-os.js';
import { MAX_REGISTRATION_NAME_LENGTH } from './registration-name.js';

/** What the name is made from. */
export interface NewRegistrationNameInput {
  /** The attested credential data's AAGUID. */
  aaguid: string;
  /** The User-Agent recorded when registration started. */
  userAgent: string;
  /** The client hints of the registering request. */
  hints?: ClientHints | undefined;
  /** The names the user's other passkeys have now. */
  taken: readonly string[];
}

/** The last resort, when neither the authenticator nor the browser says anything usable. */
export const FALLBACK_REGISTRATION_NAME = 'Passkey';

/** `name` cut to `max` code points, with an ellipsis when it was longer. */
function fit(name: string, max: number): string {
  const points = [...name];
  return points.length <= max
    ? name
    : `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * `base` itself when none of `taken` has it (compared trimmed and case-blind, as a person reads
 * them), else `base 2`, `base 3`, … the first free one — always within the rename limit.
 */
export function numberedName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  const plain = fit(base, MAX_REGISTRATION_NAME_LENGTH);
  if (!used.has(plain.toLowerCase())) return plain;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = fit(base, MAX_REGISTRATION_NAME_LENGTH - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The passkey provider's name from the AAGUID list; when the AAGUID is unknown or zeros (most
 * authenticators under attestation "none"), the browser and system ("Chrome on Linux"); else
 * "Passkey". Numbered when the user already has a passkey of that name ("Apple Passwords 2").
 */
export function newRegistrationName(input: NewRegistrationNameInput): string {
  const base =
    authenticatorNameOf(input.aaguid) ??
    browserAndOsName(input.userAgent, input.hints) ??
    FALLBACK_REGISTRATION_NAME;
  return numberedName(base, input.taken);
}
