/** @module crypto/wallets/wallet-option — a found wallet as plain data for the widget's state machine. */

/** The wallet types the wire knows (wire/endpoints.md "Crypto wallets"). */
export type CryptoWalletType = 'ethereum' | 'solana';

/**
 * One wallet found in the page. The wallet's own handle (provider or wallet-standard object) stays
 * in the discovery registry, so this stays serialisable data.
 */
export interface WalletOption {
  /** Stable for the page: the EIP-6963 rdns (or uuid), else a name for the source. */
  id: string;
  /** The wallet's own name. */
  name: string;
  /** The name to show: '{name} (Ethereum)' / '{name} (Solana)' when two found wallets share a name. */
  label: string;
  /** A `data:image/` URL, or null for the generic mark. */
  icon: string | null;
  type: CryptoWalletType;
}
