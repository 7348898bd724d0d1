/** @module screens/not-available-screen — the placeholder for screens later issues build. */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../components/screen-frame.js';
import { SCREENS_WITH_BACK, type Screen, type ScreenName } from '../machine/screen.js';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';

// The real heading where the spec gives one, so the placeholder already says where the user is.
const TITLES: Partial<Record<ScreenName, StringKey>> = {
  PasswordResetForm: 'reset.title',
  PasswordForgot: 'password.forgotTitle',
  PasswordBreached: 'password.breachedTitle',
  PasswordSetNew: 'password.setNewTitle',
  PasswordDedupe: 'password.dedupeTitle',
  CryptoConnect: 'crypto.connectTitle',
  CryptoSignMessage: 'crypto.signTitle',
  CryptoOtherScreen: 'crypto.otherTitle',
  CryptoSetupWallet: 'crypto.setupTitle',
  CryptoError: 'crypto.errorTitle',
};

/** A heading and a short "not available yet" note; the back arrow where the screen has one. */
export function NotAvailableScreen({ screen }: { screen: Screen }): ReactElement {
  const { send, t } = useWidget();
  const title = TITLES[screen.name] ?? 'notAvailable.title';
  const onBack = SCREENS_WITH_BACK.has(screen.name) ? () => send({ type: 'BACK' }) : undefined;
  return (
    <ScreenFrame title={t(title)} {...(onBack ? { onBack } : {})}>
      <p className="lk-text">{t('notAvailable.text')}</p>
    </ScreenFrame>
  );
}
