/** @module crypto/wallets/wallet-setup-links — where CryptoSetupWallet sends a user without a wallet. */

/** The wallets CryptoSetupWallet offers to install (spec §2), each with its official download page. */
export const WALLET_SETUP_LINKS: readonly { name: string; url: string }[] = [
  { name: 'Vessel', url: 'https://vessel.app' },
  { name: 'MetaMask', url: 'https://metamask.io/download' },
  { name: 'Phantom', url: 'https://phantom.com/download' },
  { name: 'Coinbase Wallet', url: 'https://www.coinbase.com/wallet/downloads' },
  { name: 'Binance Wallet', url: 'https://www.binance.com/en/web3wallet' },
];
