/**
 * @module mfa/totp-enrolment — setting up an authenticator app during the sign-in (`mfa.enrol`):
 * the QR code, the key to type instead, the recovery codes, then the app's first code.
 */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { Spinner } from '../components/spinner.js';
import type { TotpEnrolment as Enrolment } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { RecoveryCodeList } from './recovery-code-list.js';
import { SecondFactorCode } from './second-factor-code.js';
import { useMfaStrings } from './use-mfa-strings.js';

/** The base32 key in groups of four, as authenticator apps show and take it. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code's side in CSS pixels: big enough for a phone camera across a desk. */
const QR_SIZE = 160;

/** The setup steps once `totps.create` answered; before that its progress, or its error and 'Try again'. */
export function TotpEnrolment({ enrolment }: { enrolment: Enrolment | undefined }): ReactElement {
  const { state, send } = useWidget();
  const { t, strings } = useMfaStrings();
  if (!enrolment) {
    if (state.busy) {
      return (
        <>
          <Spinner large />
          <p className="lk-text">{t('mfa.settingUp')}</p>
        </>
      );
    }
    return (
      <>
        {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
        <Button onClick={() => send({ type: 'MFA_ENROLMENT_REQUESTED' })}>{t('mfa.tryAgain')}</Button>
      </>
    );
  }
  return (
    <>
      <p className="lk-text">{t('mfa.enrolText')}</p>
      <img
        className="lk-qr"
        part="qr-code"
        src={enrolment.qrCode}
        alt={t('mfa.qrAlt')}
        width={QR_SIZE}
        height={QR_SIZE}
      />
      <p className="lk-text">
        {t('mfa.keyLabel')}: <code className="lk-key">{groupKey(enrolment.secret)}</code>
      </p>
      <RecoveryCodeList codes={enrolment.recoveryCodes} />
      <p className="lk-text">{t('mfa.totpText')}</p>
      <SecondFactorCode />
    </>
  );
}
