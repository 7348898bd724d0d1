/**
 * @module testing/fake-wallets — a recording stand-in for the wallet layer (crypto/crypto-wallets.ts),
 * for the widget's unit tests only: `vi.mock('./crypto/crypto-wallets.js', () => fakeWalletModule())`.
 * Discovery lists what a test sets; connect and sign answer as a test tells them to.
 */
import type * as CryptoWalletsModule from '../crypto/crypto-wallets.js';
import { CryptoWalletError } from '../crypto/wallets/crypto-wallet-error.js';
import type { WalletOption } from '../crypto/wallets/wallet-option.js';
import { WALLET_SETUP_LINKS } from '../crypto/wallets/wallet-setup-links.js';

type CryptoWallets = typeof CryptoWalletsModule;

/** Found wallets as discovery would list them. */
export const METAMASK: WalletOption = {
  id: 'io.metamask',
  name: 'MetaMask',
  label: 'MetaMask',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  type: 'ethereum',
};
export const PHANTOM: WalletOption = {
  id: 'app.phantom',
  name: 'Phantom',
  label: 'Phantom',
  icon: null,
  type: 'solana',
};
export const COINBASE: WalletOption = {
  id: 'com.coinbase.wallet',
  name: 'Coinbase Wallet',
  label: 'Coinbase Wallet',
  icon: null,
  type: 'ethereum',
};
export const BRAVE: WalletOption = {
  id: 'com.brave.wallet',
  name: 'Brave Wallet',
  label: 'Brave Wallet',
  icon: null,
  type: 'ethereum',
};

/** The account each fake wallet connects with. */
export const ADDRESSES: Readonly<Record<string, string>> = {
  [METAMASK.id]: '0x5B38Da6a701c568545dCfcdfc54f1D1B6A0E5A0d',
  [PHANTOM.id]: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  [COINBASE.id]: '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
  [BRAVE.id]: '0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db',
};

/** What a test controls, and what the fake recorded. */
export interface FakeWallets {
  wallets: readonly WalletOption[];
  /** Defaults: the wallet's address in ADDRESSES, chain 1 for Ethereum. */
  connect: (walletId: string) => Promise<{ address: string; chainId: number | null }>;
  /** Default: `sig:{walletId}:{message}`. */
  sign: (walletId: string, address: string, message: string) => Promise<string>;
  calls: {
    connect: string[];
    sign: Array<{ walletId: string; address: string; message: string }>;
  };
  /** Changes the list and tells the watchers, as a wallet that announces itself late would. */
  announce(wallets: readonly WalletOption[]): void;
}

const listeners = new Set<(wallets: readonly WalletOption[]) => void>();

/** The fake's state; `resetFakeWallets()` before each test. */
export const fakeWallets: FakeWallets = {
  wallets: [],
  connect: async () => ({ address: '', chainId: null }),
  sign: async () => '',
  calls: { connect: [], sign: [] },
  announce(wallets) {
    fakeWallets.wallets = wallets;
    for (const listener of [...listeners]) listener(wallets);
  },
};

/** Back to the defaults, with `wallets` found. */
export function resetFakeWallets(wallets: readonly WalletOption[] = [METAMASK, PHANTOM]): void {
  listeners.clear();
  fakeWallets.wallets = wallets;
  fakeWallets.connect = async (walletId) => ({
    address: ADDRESSES[walletId] ?? '',
    chainId: walletId === PHANTOM.id ? null : 1,
  });
  fakeWallets.sign = async (walletId, _address, message) => `sig:${walletId}:${message}`;
  fakeWallets.calls = { connect: [], sign: [] };
}

/** A wallet's refusal as the ceremonies throw it (a 4001 from the wallet as the cause). */
export function walletRefused(step: 'connect' | 'sign'): CryptoWalletError {
  return new CryptoWalletError(step, Object.assign(new Error('User rejected the request.'), { code: 4001 }));
}

/** The module that replaces crypto/crypto-wallets.ts. */
export function fakeWalletModule(): CryptoWallets {
  return {
    CryptoWalletError,
    WALLET_SETUP_LINKS,
    currentWallets: () => fakeWallets.wallets,
    watchWallets(_win, onChange) {
      listeners.add(onChange);
      onChange(fakeWallets.wallets);
      return () => listeners.delete(onChange);
    },
    connectWallet(_win, walletId) {
      fakeWallets.calls.connect.push(walletId);
      return fakeWallets.connect(walletId);
    },
    signWalletMessage(_win, walletId, address, message) {
      fakeWallets.calls.sign.push({ walletId, address, message });
      return fakeWallets.sign(walletId, address, message);
    },
  };
}
