/** @module crypto/screens/crypto-connect-screen — CryptoConnect: waiting for the wallet's connect pop-up (spec §2). */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../../components/screen-frame.js';
import { Spinner } from '../../components/spinner.js';
import type { ScreenOf } from '../../machine/screen.js';
import { useWidget } from '../../widget/widget-context.js';
import { useCryptoStrings } from '../use-crypto-strings.js';

/**
 * 'Connecting to your wallet...' while the wallet's pop-up is open, then while the challenge is
 * fetched. The back arrow stays usable: a pop-up the user closed may never answer.
 */
export function CryptoConnectScreen({ screen }: { screen: ScreenOf<'CryptoConnect'> }): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  return (
    <ScreenFrame title={t('crypto.connectTitle')} onBack={() => send({ type: 'BACK' })}>
      <Spinner large />
      <p className="lk-text">{t('crypto.connectText', { wallet: screen.walletLabel })}</p>
    </ScreenFrame>
  );
}
