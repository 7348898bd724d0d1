/** @module crypto/wallet-selected — the event of a wallet button, each press a new attempt. */
import type { EventOf } from '../machine/event.js';
import type { WalletOption } from './crypto-wallets.js';

// Module-wide, so attempts never repeat on a page; the machine only compares them for equality.
let lastAttempt = 0;

/** CRYPTO_WALLET_SELECTED for `wallet`, with a number no earlier press had. */
export function walletSelected(wallet: WalletOption): EventOf<'CRYPTO_WALLET_SELECTED'> {
  lastAttempt += 1;
  return {
    type: 'CRYPTO_WALLET_SELECTED',
    walletOption: wallet.id,
    walletLabel: wallet.label,
    walletType: wallet.type,
    attempt: lastAttempt,
  };
}
