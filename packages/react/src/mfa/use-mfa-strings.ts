/** @module mfa/use-mfa-strings — the multi-factor texts: the host's overrides over English (strings/en-mfa.ts). */
import { enMfa, type MfaStringKey } from '../strings/en-mfa.js';
import { type ExtraStrings, useExtraStrings } from '../strings/use-extra-strings.js';

/** The multi-factor texts of the current widget. */
export function useMfaStrings(): ExtraStrings<MfaStringKey> {
  return useExtraStrings(enMfa);
}
