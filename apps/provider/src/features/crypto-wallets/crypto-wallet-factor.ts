/** @module crypto-wallet-factor — the session factor a wallet signature proves (wire/objects.md AuthenticationFactor). */
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import type { CryptoWalletRow } from './crypto-wallets.table.js';

/** `{type:'crypto', delivery_method:'crypto_wallet', crypto_wallet_factor:{…}}` (docs/contracts.md "Crypto wallets"). */
export function cryptoWalletFactor(
  wallet: Pick<CryptoWalletRow, 'id' | 'type' | 'address'>,
  at: Date,
): AuthenticationFactor {
  return authenticationFactor('crypto', 'crypto_wallet', at, {
    crypto_wallet_factor: {
      crypto_wallet_id: wallet.id,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: wallet.type,
    },
  });
}
