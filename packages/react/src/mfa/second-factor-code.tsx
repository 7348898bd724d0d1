/** @module mfa/second-factor-code — the six code boxes of MFAAuthenticate: the app's code or a texted one. */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { CodeInput } from '../components/code-input.js';
import { useCodeEntry } from '../components/use-code-entry.js';
import { VerifyingIndicator } from '../components/verifying-indicator.js';
import { OTP_LENGTH } from '../machine/otp-code.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { useMfaStrings } from './use-mfa-strings.js';

/** Props of SecondFactorCode. */
export interface SecondFactorCodeProps {
  /** Offers 'Resend code' (a texted code). */
  resend?: boolean;
}

/** Submits by itself once six digits are in, like the passcode screen; a wrong code clears it. */
export function SecondFactorCode({ resend = false }: SecondFactorCodeProps): ReactElement {
  const { state, send } = useWidget();
  const { t, strings } = useMfaStrings();
  const entry = useCodeEntry((code) => send({ type: 'MFA_CODE_ENTERED', code }));
  const { busy, error } = state;
  return (
    <>
      <CodeInput
        ref={entry.input}
        label={t('mfa.codeLabel')}
        length={OTP_LENGTH}
        value={entry.code}
        onChange={entry.onChange}
        disabled={busy}
        error={error && !busy ? errorText(error, strings) : undefined}
      />
      {entry.verifying ? <VerifyingIndicator text={t('mfa.verifying')} /> : null}
      {resend ? (
        <p className="lk-resend">
          <Button
            variant="text"
            busy={busy && !entry.verifying}
            disabled={entry.verifying}
            onClick={() => send({ type: 'MFA_SMS_REQUESTED' })}
          >
            {t('mfa.resend')}
          </Button>
        </p>
      ) : null}
    </>
  );
}
