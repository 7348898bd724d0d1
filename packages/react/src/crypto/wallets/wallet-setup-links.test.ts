import { describe, expect, it } from 'vitest';
import { WALLET_SETUP_LINKS } from './wallet-setup-links.js';

describe('WALLET_SETUP_LINKS', () => {
  it('offers the wallets spec §2 lists, in order, each on an https page', () => {
    expect(WALLET_SETUP_LINKS.map((link) => link.name)).toEqual([
      'Vessel',
      'MetaMask',
      'Phantom',
      'Coinbase Wallet',
      'Binance Wallet',
    ]);
    for (const { url } of WALLET_SETUP_LINKS) expect(new URL(url).protocol).toBe('https:');
  });
});
