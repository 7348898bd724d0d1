/**
 * @module crypto/wallets/wallet-logos — the brand marks of the wallets CryptoSetupWallet links to,
 * from @web3icons/core (MIT; each wallet's own logo, 24×24), copied into wallet-logo-svgs.ts by
 * scripts/wallet-logo-svgs.mjs so an app installs only these four. They are bundled in the crypto
 * chunk. Vessel has no published mark there: its link keeps the generic wallet mark.
 */
import { BINANCE_SVG, COINBASE_SVG, METAMASK_SVG, PHANTOM_SVG } from './wallet-logo-svgs.js';

/** One `<path>` of a logo, with the attributes these logos use. */
export interface LogoPath {
  d: string;
  fill?: string;
  fillRule?: 'evenodd' | 'nonzero';
  clipRule?: 'evenodd' | 'nonzero';
}

/**
 * The `<path>` elements of an SVG file's text, so a logo renders as React elements: no markup is
 * injected, and no data: URL a host's Content-Security-Policy might refuse.
 */
export function logoPaths(svg: string): LogoPath[] {
  return [...svg.matchAll(/<path\s([^>]*?)\/?>/g)].map(([, attributes = '']) => {
    const read = (name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
    const path: LogoPath = { d: read('d') ?? '' };
    const fill = read('fill');
    const fillRule = read('fill-rule');
    const clipRule = read('clip-rule');
    if (fill) path.fill = fill;
    if (fillRule === 'evenodd' || fillRule === 'nonzero') path.fillRule = fillRule;
    if (clipRule === 'evenodd' || clipRule === 'nonzero') path.clipRule = clipRule;
    return path;
  });
}

/** The logo of each wallet the setup screen names, by the name it shows. */
export const WALLET_LOGOS: Readonly<Record<string, readonly LogoPath[]>> = {
  MetaMask: logoPaths(METAMASK_SVG),
  Phantom: logoPaths(PHANTOM_SVG),
  'Coinbase Wallet': logoPaths(COINBASE_SVG),
  'Binance Wallet': logoPaths(BINANCE_SVG),
};
