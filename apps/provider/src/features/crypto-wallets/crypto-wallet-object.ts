/** @module crypto-wallet-object — the wire CryptoWallet (User.crypto_wallets[]). */
import type { WireUser } from '../users/users.schemas.js';

/** The wire CryptoWallet (wire/objects.md User.crypto_wallets). */
export type WireCryptoWallet = WireUser['crypto_wallets'][number];

/** The columns the wire object shows, as the user's list reads them through json_agg. */
export interface CryptoWalletSummary {
  id: string;
  type: string;
  address: string;
  verified: boolean;
}

/** Summary → wire object. */
export function toWireCryptoWallet(wallet: CryptoWalletSummary): WireCryptoWallet {
  return {
    crypto_wallet_id: wallet.id,
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: wallet.type,
    verified: wallet.verified,
  };
}
