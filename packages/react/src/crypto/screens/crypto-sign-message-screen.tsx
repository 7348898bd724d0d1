/** @module crypto/screens/crypto-sign-message-screen — CryptoSignMessage: waiting for the wallet's signature (spec §2). */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../../components/screen-frame.js';
import { Spinner } from '../../components/spinner.js';
import type { ScreenOf } from '../../machine/screen.js';
import { useWidget } from '../../widget/widget-context.js';
import { useCryptoStrings } from '../use-crypto-strings.js';

/** 'Completing signature request...' while the wallet asks to sign, then while the sign-in completes. */
export function CryptoSignMessageScreen({ screen }: { screen: ScreenOf<'CryptoSignMessage'> }): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  return (
    <ScreenFrame title={t('crypto.signTitle')} onBack={() => send({ type: 'BACK' })}>
      <Spinner large />
      <p className="lk-text">{t('crypto.signText', { wallet: screen.walletLabel })}</p>
    </ScreenFrame>
  );
}
