/** @module screens/success-screen — the confirmations: "Success!" after a sign-in (spec §2). */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../components/screen-frame.js';
import type { ScreenOf } from '../machine/screen.js';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';

type ConfirmationScreen = ScreenOf<
  | 'PasswordConfirmation'
  | 'OTPConfirmation'
  | 'CryptoConfirmation'
  | 'PasskeyConfirmation'
  | 'MFAConfirmation'
>;

const TEXTS: Record<ConfirmationScreen['name'], readonly [StringKey, StringKey]> = {
  PasswordConfirmation: ['success.title', 'success.loggedIn'],
  OTPConfirmation: ['success.title', 'success.loggedIn'],
  CryptoConfirmation: ['success.title', 'success.wallet'],
  PasskeyConfirmation: ['success.passkeyTitle', 'success.passkey'],
  MFAConfirmation: ['success.title', 'success.loggedIn'],
};

/**
 * One component for every confirmation screen. The AUTHENTICATE_FLOW_COMPLETE event is emitted by
 * the machine's screen effect when the screen is entered, not here, so a re-render never repeats it.
 */
export function SuccessScreen({ screen }: { screen: ConfirmationScreen }): ReactElement {
  const { t } = useWidget();
  const [title, text] = TEXTS[screen.name];
  return (
    <ScreenFrame title={t(title)}>
      <p className="lk-text">{t(text)}</p>
    </ScreenFrame>
  );
}
