/** @module mfa/other-factors — MFAAuthenticate's links to the other ways to give the second factor. */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import type { ScreenOf } from '../machine/screen.js';
import { useWidget } from '../widget/widget-context.js';
import { useMfaStrings } from './use-mfa-strings.js';

/**
 * A recovery code or the app's code (both need a verified app), or a text to the user's phone;
 * the way in use is left out. Each is a text button on its own line of the screen.
 */
export function OtherFactors({ screen }: { screen: ScreenOf<'MFAAuthenticate'> }): ReactElement {
  const { state, send } = useWidget();
  const { t } = useMfaStrings();
  const { mfa, mode, phone } = screen;
  const links: ReactElement[] = [];
  const link = (key: string, label: string, onClick: () => void): void => {
    links.push(
      <Button key={key} variant="text" disabled={state.busy} onClick={onClick}>
        {label}
      </Button>,
    );
  };
  if (mfa.totp && mode !== 'recovery') {
    link('recovery', t('mfa.useRecoveryCode'), () => send({ type: 'MFA_MODE_SELECTED', mode: 'recovery' }));
  }
  if (mfa.totp && mode !== 'totp') {
    link('totp', t('mfa.useAuthenticatorApp'), () => send({ type: 'MFA_MODE_SELECTED', mode: 'totp' }));
  }
  if (phone !== undefined && mode !== 'sms') {
    link('sms', t('mfa.textCode', { phone }), () => send({ type: 'MFA_SMS_REQUESTED' }));
  }
  return <>{links}</>;
}
