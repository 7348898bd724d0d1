/** @module crypto/crypto-wallet-buttons — Main's crypto-wallet buttons (spec §2, contracts.md "Crypto wallets"). */
import type { ReactElement } from 'react';
import { useWidget } from '../widget/widget-context.js';
import { useCryptoStrings } from './use-crypto-strings.js';
import { useWallets } from './use-wallets.js';
import { WalletButton, WalletMarkButton } from './wallet-button.js';

/** How many found wallets get their own button on Main; CryptoOtherScreen lists them all. */
export const MAIN_WALLET_BUTTONS = 3;

/**
 * 'Continue with {wallet}' for the first wallets found, then 'Continue with other wallet'. With no
 * wallet in the browser, one 'Continue with a crypto wallet' leads to the wallets to install.
 * A wallet that announces itself later joins the list.
 */
export function CryptoWalletButtons(): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  const wallets = useWallets();
  return (
    <div className="lk-wallet-buttons">
      {wallets.length === 0 ? (
        <WalletMarkButton icon={null} onClick={() => send({ type: 'CRYPTO_SETUP_REQUESTED' })}>
          {t('main.continueWithCryptoWallet')}
        </WalletMarkButton>
      ) : (
        <>
          {wallets.slice(0, MAIN_WALLET_BUTTONS).map((wallet) => (
            <WalletButton key={wallet.id} wallet={wallet} />
          ))}
          <WalletMarkButton icon={null} onClick={() => send({ type: 'CRYPTO_OTHER_REQUESTED' })}>
            {t('crypto.otherWallet')}
          </WalletMarkButton>
        </>
      )}
    </div>
  );
}
