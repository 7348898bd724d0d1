/**
 * @module crypto/load-crypto-ceremony-script — the standalone bundle's stand-in for
 * load-crypto-ceremony.ts: the steps and the wallet layer come with the crypto screens, in
 * latchkey-crypto.js (already there once Main's wallet buttons have shown).
 */
import { importChunkScript } from '../chunks/import-chunk-script.js';
import { CRYPTO_SCRIPT_NAME } from './crypto-screens-script.js';
import type { CryptoCeremony } from './load-crypto-ceremony.js';

/** Resolves the steps from the chunk, loading it on first use. */
export function loadCryptoCeremony(): Promise<CryptoCeremony> {
  return importChunkScript<CryptoCeremony>(CRYPTO_SCRIPT_NAME);
}
