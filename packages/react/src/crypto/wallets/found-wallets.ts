/**
 * @module crypto/wallets/found-wallets — the wallet list from what discovery has seen, in the order
 * contracts.md "Crypto wallets" gives: EIP-6963, `window.ethereum`, wallet standard, injected Solana.
 */
import {
  type Eip1193Provider,
  isEip1193Provider,
  isInjectedSolanaProvider,
  type StandardWallet,
  type WalletHandle,
} from './wallet-handle.js';
import type { WalletOption } from './wallet-option.js';

/** The EIP-6963 `info` of an announced provider, already checked to be strings. */
export interface AnnouncedInfo {
  id: string;
  name: string;
  icon: unknown;
}

/** What discovery has collected so far. */
export interface WalletSources {
  /** Announced providers in arrival order, keyed by the provider object (EIP-6963 dedupes by it). */
  announced: ReadonlyMap<Eip1193Provider, AnnouncedInfo>;
  /** `window.ethereum`, unchecked. */
  ethereum: unknown;
  /** Registered wallet-standard wallets that can sign in with Solana, in registration order. */
  standard: readonly StandardWallet[];
  /** `window.phantom?.solana ?? window.solana`, unchecked. */
  solana: unknown;
}

/** A found wallet: its option for the machine and its handle for the ceremonies. */
export interface FoundWallet {
  option: WalletOption;
  handle: WalletHandle;
}

/** The found wallets, each id once (the first source wins). */
export function foundWallets(sources: WalletSources): FoundWallet[] {
  const found: FoundWallet[] = [];
  const add = (id: string, name: string, icon: unknown, handle: WalletHandle) => {
    if (found.some((wallet) => wallet.option.id === id)) return;
    const type = handle.kind === 'ethereum' ? 'ethereum' : 'solana';
    found.push({ option: { id, name, label: name, icon: dataImageOrNull(icon), type }, handle });
  };

  for (const [provider, info] of sources.announced)
    add(info.id, info.name, info.icon, { kind: 'ethereum', provider });
  const { ethereum } = sources;
  if (isEip1193Provider(ethereum) && !sources.announced.has(ethereum)) {
    add('injected:ethereum', ethereumName(ethereum), null, { kind: 'ethereum', provider: ethereum });
  }
  for (const wallet of sources.standard) {
    add(`wallet-standard:${wallet.name}`, wallet.name, wallet.icon, { kind: 'solana-standard', wallet });
  }
  const { solana } = sources;
  if (isInjectedSolanaProvider(solana)) {
    const name = solana.isPhantom === true ? 'Phantom' : 'Solana wallet';
    // The same wallet usually registers through the wallet standard as well; that handle is preferred.
    if (!sources.standard.some((wallet) => wallet.name === name)) {
      add('injected:solana', name, null, { kind: 'solana-injected', provider: solana });
    }
  }

  for (const wallet of found) {
    const { name, type } = wallet.option;
    if (found.some((other) => other !== wallet && other.option.name === name)) {
      wallet.option.label = `${name} (${type === 'ethereum' ? 'Ethereum' : 'Solana'})`;
    }
  }
  return found;
}

// Other wallets (Brave Wallet among them) set `isMetaMask` too for compatibility, so it is checked last.
function ethereumName(provider: Eip1193Provider): string {
  if (provider.isBraveWallet === true) return 'Brave Wallet';
  if (provider.isCoinbaseWallet === true) return 'Coinbase Wallet';
  if (provider.isMetaMask === true) return 'MetaMask';
  return 'Browser wallet';
}

// Only inline images: a remote URL would let a wallet's announcement make the page fetch it.
function dataImageOrNull(icon: unknown): string | null {
  return typeof icon === 'string' && icon.startsWith('data:image/') ? icon : null;
}
