import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logoPaths, WALLET_LOGOS } from './wallet-logos.js';
import { WALLET_SETUP_LINKS } from './wallet-setup-links.js';

describe('WALLET_LOGOS', () => {
  it('has a drawn logo for every set-up link but Vessel, which has none published', () => {
    const named = WALLET_SETUP_LINKS.map((link) => link.name).filter((name) => name in WALLET_LOGOS);
    expect(named).toEqual(['MetaMask', 'Phantom', 'Coinbase Wallet', 'Binance Wallet']);
    for (const paths of Object.values(WALLET_LOGOS)) {
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect(path.d).toMatch(/^[Mm][\d.-]/);
      // Brand colours, not the text colour.
      expect(paths.some((path) => path.fill?.startsWith('#'))).toBe(true);
    }
  });
});

describe('logoPaths', () => {
  it('reads each path with its fill and rules, and nothing else of the file', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#0E5BFF" d="M3 12a9 9 0 1 1 18 0"/>\n' +
      '<path fill="#fff" fill-rule="evenodd" d="M12 18v1" clip-rule="evenodd"/><script>alert(1)</script></svg>';
    expect(logoPaths(svg)).toEqual([
      { d: 'M3 12a9 9 0 1 1 18 0', fill: '#0E5BFF' },
      { d: 'M12 18v1', fill: '#fff', fillRule: 'evenodd', clipRule: 'evenodd' },
    ]);
  });
});

describe('wallet-logo-svgs.ts', () => {
  it('holds what the pinned @web3icons/core release gives (scripts/wallet-logo-svgs.mjs --check)', () => {
    const script = join(import.meta.dirname, '../../../scripts/wallet-logo-svgs.mjs');
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
