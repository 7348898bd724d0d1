/** @module passkey/use-passkey-strings — the passkey-registration texts: the host's overrides over English (strings/en-passkey.ts). */
import { enPasskey, type PasskeyStringKey } from '../strings/en-passkey.js';
import { type ExtraStrings, useExtraStrings } from '../strings/use-extra-strings.js';

/** The passkey-registration texts of the current widget. */
export function usePasskeyStrings(): ExtraStrings<PasskeyStringKey> {
  return useExtraStrings(enPasskey);
}
