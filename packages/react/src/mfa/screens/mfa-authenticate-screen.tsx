/**
 * @module mfa/screens/mfa-authenticate-screen — MFAAuthenticate: the second factor of a sign-in
 * that needs one (issue 9): the authenticator app's code, a recovery code or a texted code, or
 * first setting up an app.
 */
import type { ReactElement } from 'react';
import { Button } from '../../components/button.js';
import { ScreenFrame } from '../../components/screen-frame.js';
import type { ScreenOf } from '../../machine/screen.js';
import { useWidget } from '../../widget/widget-context.js';
import { OtherFactors } from '../other-factors.js';
import { RecoveryCodeForm } from '../recovery-code-form.js';
import { SecondFactorCode } from '../second-factor-code.js';
import { TotpEnrolment } from '../totp-enrolment.js';
import { useMfaStrings } from '../use-mfa-strings.js';

type MfaScreen = ScreenOf<'MFAAuthenticate'>;

/** The way of the current mode: its text and its field. */
function SecondFactor({ screen }: { screen: MfaScreen }): ReactElement {
  const { state, send } = useWidget();
  const { t } = useMfaStrings();
  if (screen.mfa.enrol) return <TotpEnrolment enrolment={screen.enrolment} />;
  if (screen.mode === 'recovery') return <RecoveryCodeForm />;
  if (screen.mode === 'totp') {
    return (
      <>
        <p className="lk-text">{t('mfa.totpText')}</p>
        <SecondFactorCode />
      </>
    );
  }
  const phone = screen.phone ?? '';
  if (screen.methodId !== undefined) {
    return (
      <>
        <p className="lk-text">{t('mfa.smsSentTo', { phone })}</p>
        <SecondFactorCode resend />
      </>
    );
  }
  // Nothing is texted until the user asks: a text costs the project, and they may use the app.
  return (
    <>
      <p className="lk-text">{t('mfa.smsText', { phone })}</p>
      <Button busy={state.busy} onClick={() => send({ type: 'MFA_SMS_REQUESTED' })}>
        {t('mfa.textCode', { phone })}
      </Button>
    </>
  );
}

/** The whole step; the back arrow gives up the sign-in and returns to Main. */
export function MfaAuthenticateScreen({ screen }: { screen: MfaScreen }): ReactElement {
  const { send } = useWidget();
  const { t } = useMfaStrings();
  return (
    <ScreenFrame
      title={t(screen.mfa.enrol ? 'mfa.enrolTitle' : 'mfa.title')}
      onBack={() => send({ type: 'BACK' })}
    >
      {/* A new mode mounts its field afresh: an empty code, and focus in it. */}
      <SecondFactor key={screen.mode} screen={screen} />
      <OtherFactors screen={screen} />
    </ScreenFrame>
  );
}
