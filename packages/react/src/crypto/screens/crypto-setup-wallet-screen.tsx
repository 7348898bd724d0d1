/** @module crypto/screens/crypto-setup-wallet-screen — CryptoSetupWallet: wallets to install (spec §2). */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../../components/screen-frame.js';
import { useWidget } from '../../widget/widget-context.js';
import { WALLET_SETUP_LINKS } from '../crypto-wallets.js';
import { useCryptoStrings } from '../use-crypto-strings.js';
import { WalletLogo } from '../wallet-logo.js';

/** A link to each wallet's download page; each opens in a new tab without a handle on this page. */
export function CryptoSetupWalletScreen(): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  return (
    <ScreenFrame title={t('crypto.setupTitle')} onBack={() => send({ type: 'BACK' })}>
      <p className="lk-text">{t('crypto.setupText')}</p>
      <ul className="lk-wallet-links" aria-label={t('crypto.setupLinks')}>
        {WALLET_SETUP_LINKS.map((link) => (
          <li key={link.url}>
            <a
              className="lk-link lk-wallet-link"
              part="link"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WalletLogo name={link.name} />
              {link.name}
              <span className="lk-visually-hidden"> {t('common.opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </ScreenFrame>
  );
}
