/**
 * @module crypto/crypto-wallets — wallet discovery and ceremonies in one module: the standalone
 * bundle builds it into the crypto chunk, fetched only by widgets that offer crypto sign-in.
 */
export { CryptoWalletError } from './wallets/crypto-wallet-error.js';
export { connectWallet, signWalletMessage } from './wallets/wallet-ceremony.js';
export { currentWallets, watchWallets } from './wallets/wallet-discovery.js';
export type { CryptoWalletType, WalletOption } from './wallets/wallet-option.js';
export { WALLET_SETUP_LINKS } from './wallets/wallet-setup-links.js';
