/**
 * @module crypto/screens/crypto-wait-screen — CryptoConnect and CryptoSignMessage: waiting for the
 * wallet's connect pop-up, then for its signature (spec §2).
 */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../../components/screen-frame.js';
import { Spinner } from '../../components/spinner.js';
import type { ScreenOf } from '../../machine/screen.js';
import type { CryptoStringKey } from '../../strings/en-crypto.js';
import { useWidget } from '../../widget/widget-context.js';
import { useCryptoStrings } from '../use-crypto-strings.js';

type WaitScreen = ScreenOf<'CryptoConnect' | 'CryptoSignMessage'>;

const TEXTS: Record<WaitScreen['name'], readonly [CryptoStringKey, CryptoStringKey]> = {
  // While the wallet's pop-up is open, then while the challenge is fetched.
  CryptoConnect: ['crypto.connectTitle', 'crypto.connectText'],
  // While the wallet asks to sign, then while the sign-in completes.
  CryptoSignMessage: ['crypto.signTitle', 'crypto.signText'],
};

/** One component for both waits. The back arrow stays usable: a pop-up the user closed may never answer. */
export function CryptoWaitScreen({ screen }: { screen: WaitScreen }): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  const [title, text] = TEXTS[screen.name];
  return (
    <ScreenFrame title={t(title)} onBack={() => send({ type: 'BACK' })}>
      <Spinner large />
      <p className="lk-text">{t(text, { wallet: screen.walletLabel })}</p>
    </ScreenFrame>
  );
}
