/**
 * @module client-methods/crypto-wallets-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/crypto-wallets.ts: `client.cryptoWallets` is loaded from latchkey-crypto.js on its first call (crypto-wallet widgets (the file that has their screens)).
 */
import type { CryptoWalletsMethods } from '@latchkey/client';
import { lazyMethods } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.cryptoWallets`'s code to. */
export const CRYPTO_WALLETS_SCRIPT_NAME = 'latchkey-crypto.js';

/** Builds `client.cryptoWallets`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createCryptoWalletsMethods(ctx: unknown): CryptoWalletsMethods {
  return lazyMethods<CryptoWalletsMethods>(CRYPTO_WALLETS_SCRIPT_NAME, 'createCryptoWalletsMethods', ctx, {
    authenticateStart: true,
    authenticate: true,
  });
}
