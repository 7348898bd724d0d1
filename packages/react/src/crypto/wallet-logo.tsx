/**
 * @module crypto/wallet-logo — a wallet's brand mark beside its name on CryptoSetupWallet.
 * Decorative: the link's text names the wallet, so the mark is hidden from assistive technology
 * rather than read twice ('MetaMask logo MetaMask').
 */
import type { ReactElement } from 'react';
import { WalletMark } from './wallet-mark.js';
import { WALLET_LOGOS } from './wallets/wallet-logos.js';

/** The wallet's logo, or the generic wallet mark for one without a published logo (Vessel). */
export function WalletLogo({ name }: { name: string }): ReactElement {
  const paths = WALLET_LOGOS[name];
  if (!paths) return <WalletMark icon={null} />;
  return (
    <svg
      className="lk-brand-mark"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      data-lk-wallet-logo={name}
    >
      {paths.map((path) => (
        <path key={path.d} d={path.d} fill={path.fill} fillRule={path.fillRule} clipRule={path.clipRule} />
      ))}
    </svg>
  );
}
