// The e2e test wallets: install them in a page before it navigates, then steer them from the test.
export { ETHEREUM_WALLET_NAME, type EthereumTestWallet, installEthereumWallet } from './ethereum-wallet.js';
export { installSolanaWallet, SOLANA_WALLET_NAME, type SolanaTestWallet } from './solana-wallet.js';
export { type HeldPrompt, USER_REJECTED, type WalletPrompt } from './wallet-prompts.js';
