/** @module crypto/use-wallets — the page's wallets for a component, updated when one announces later. */
import { useEffect, useState } from 'react';
import { currentWallets, type WalletOption, watchWallets } from './crypto-wallets.js';

/** The wallets found in this window; the first render already has those found so far. */
export function useWallets(): readonly WalletOption[] {
  const [wallets, setWallets] = useState(() => currentWallets(window));
  useEffect(() => watchWallets(window, setWallets), []);
  return wallets;
}
