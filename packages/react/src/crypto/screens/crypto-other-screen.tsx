/** @module crypto/screens/crypto-other-screen — CryptoOtherScreen: every wallet found (spec §2). */
import type { ReactElement } from 'react';
import { Button } from '../../components/button.js';
import { ScreenFrame } from '../../components/screen-frame.js';
import { useWidget } from '../../widget/widget-context.js';
import { useCryptoStrings } from '../use-crypto-strings.js';
import { useWallets } from '../use-wallets.js';
import { WalletButton } from '../wallet-button.js';

/** 'Continue with {wallet}' for each wallet found, then 'Set up a new crypto wallet'. */
export function CryptoOtherScreen(): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  const wallets = useWallets();
  return (
    <ScreenFrame title={t('crypto.otherTitle')} onBack={() => send({ type: 'BACK' })}>
      {wallets.length > 0 ? (
        <div className="lk-wallet-buttons">
          {wallets.map((wallet) => (
            <WalletButton key={wallet.id} wallet={wallet} />
          ))}
        </div>
      ) : null}
      <Button variant="text" onClick={() => send({ type: 'CRYPTO_SETUP_REQUESTED' })}>
        {t('crypto.setupLink')}
      </Button>
    </ScreenFrame>
  );
}
