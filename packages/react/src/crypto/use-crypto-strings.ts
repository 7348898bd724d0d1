/** @module crypto/use-crypto-strings — the crypto-wallet texts: the host's overrides over English (strings/en-crypto.ts). */
import { type CryptoStringKey, enCrypto } from '../strings/en-crypto.js';
import { type ExtraStrings, useExtraStrings } from '../strings/use-extra-strings.js';

/** The crypto-wallet texts of the current widget. */
export function useCryptoStrings(): ExtraStrings<CryptoStringKey> {
  return useExtraStrings(enCrypto);
}
