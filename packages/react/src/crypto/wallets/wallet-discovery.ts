/**
 * @module crypto/wallets/wallet-discovery — finds the page's wallets once per window and tells
 * watchers when the list changes (contracts.md "Crypto wallets", Discovery).
 */
import { type AnnouncedInfo, type FoundWallet, foundWallets } from './found-wallets.js';
import {
  type Eip1193Provider,
  isEip1193Provider,
  isSolanaStandardWallet,
  type StandardWallet,
  type WalletHandle,
} from './wallet-handle.js';
import type { WalletOption } from './wallet-option.js';

type Listener = (wallets: readonly WalletOption[]) => void;

interface Registry {
  announced: Map<Eip1193Provider, AnnouncedInfo>;
  standard: StandardWallet[];
  found: FoundWallet[];
  options: readonly WalletOption[];
  listeners: Set<Listener>;
}

/** Wallets and injected globals as they appear on a page. */
type WalletWindow = Window &
  typeof globalThis & { ethereum?: unknown; phantom?: { solana?: unknown }; solana?: unknown };

// One registry per window: wallets announce once per request, so every widget on a page shares it.
const registries = new WeakMap<Window, Registry>();

/**
 * Calls `onChange` now with the wallets found so far and again whenever the list changes (a wallet
 * that announces or registers later). Returns the unsubscribe.
 */
export function watchWallets(win: Window, onChange: Listener): () => void {
  const registry = registryOf(win);
  registry.listeners.add(onChange);
  onChange(registry.options);
  return () => {
    registry.listeners.delete(onChange);
  };
}

/** The wallets found so far in `win` (starting discovery on first use). */
export function currentWallets(win: Window): readonly WalletOption[] {
  return registryOf(win).options;
}

/** The handle of a found wallet, for the ceremonies; undefined for an unknown id. */
export function walletHandleOf(win: Window, walletId: string): WalletHandle | undefined {
  return registryOf(win).found.find((wallet) => wallet.option.id === walletId)?.handle;
}

function registryOf(win: Window): Registry {
  let registry = registries.get(win);
  if (!registry) {
    registry = { announced: new Map(), standard: [], found: [], options: [], listeners: new Set() };
    registries.set(win, registry);
    startDiscovery(win as WalletWindow, registry);
  }
  return registry;
}

function startDiscovery(win: WalletWindow, registry: Registry): void {
  // EIP-6963: listen first, then ask every provider to announce itself (again).
  win.addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = ((event as CustomEvent).detail ?? {}) as {
      info?: unknown;
      provider?: unknown;
    };
    if (!isEip1193Provider(provider) || registry.announced.has(provider) || typeof info !== 'object' || !info)
      return;
    const { uuid, name, icon, rdns } = info as Record<string, unknown>;
    const id = typeof rdns === 'string' && rdns !== '' ? rdns : uuid;
    if (typeof id !== 'string' || id === '' || typeof name !== 'string' || name === '') return;
    registry.announced.set(provider, { id, name, icon });
    refresh(win, registry);
  });

  // Wallet standard: wallets loaded before us answer app-ready; those loaded after dispatch register-wallet.
  const register = (...wallets: unknown[]): (() => void) => {
    const added = wallets
      .filter(isSolanaStandardWallet)
      .filter((wallet) => !registry.standard.includes(wallet));
    if (added.length > 0) {
      registry.standard.push(...added);
      refresh(win, registry);
    }
    return () => {
      registry.standard = registry.standard.filter((wallet) => !added.includes(wallet));
      refresh(win, registry);
    };
  };
  win.addEventListener('wallet-standard:register-wallet', (event) => {
    const callback = (event as CustomEvent).detail;
    if (typeof callback !== 'function') return;
    try {
      callback({ register });
    } catch (error) {
      console.error('Latchkey: a wallet failed to register', error);
    }
  });

  refresh(win, registry);
  win.dispatchEvent(new win.Event('eip6963:requestProvider'));
  win.dispatchEvent(
    new win.CustomEvent('wallet-standard:app-ready', { detail: Object.freeze({ register }) }),
  );
}

// Re-reads the injected globals too, since extensions may set them after the page loads.
function refresh(win: WalletWindow, registry: Registry): void {
  registry.found = foundWallets({
    announced: registry.announced,
    ethereum: win.ethereum,
    standard: registry.standard,
    solana: win.phantom?.solana ?? win.solana,
  });
  const options = registry.found.map((wallet) => wallet.option);
  if (JSON.stringify(options) === JSON.stringify(registry.options)) return;
  registry.options = options;
  for (const listener of [...registry.listeners]) listener(options);
}
