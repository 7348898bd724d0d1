/** @module screens/otp-authenticate-screen — OTPAuthenticate: enter the 6-digit code, countdown, resend (spec §2). */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { CodeInput } from '../components/code-input.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { useCodeEntry } from '../components/use-code-entry.js';
import { VerifyingIndicator } from '../components/verifying-indicator.js';
import { useNow } from '../hooks/use-now.js';
import { OTP_LENGTH } from '../machine/otp-code.js';
import type { ScreenOf } from '../machine/screen.js';
import { CreatePasswordInstead } from '../password/create-password-instead.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** Spec §9: the resend countdown ticks each second. */
const COUNTDOWN_TICK_MS = 1000;

/** Milliseconds left as `m:ss`, rounded up so the line reads 0:01 until the code has expired. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The code boxes submit by themselves once six digits are in (components/use-code-entry.ts). */
export function OtpAuthenticateScreen({ screen }: { screen: ScreenOf<'OTPAuthenticate'> }): ReactElement {
  const { state, send, t, strings, clock } = useWidget();
  const { otpState } = screen;
  const entry = useCodeEntry((code) => send({ type: 'OTP_CODE_ENTERED', code }));
  const now = useNow(clock, COUNTDOWN_TICK_MS);
  const { busy, error } = state;
  const { verifying } = entry;

  const remaining = otpState.expiresAt - now;
  return (
    <ScreenFrame title={t('otp.title')} onBack={() => send({ type: 'BACK' })}>
      <p className="lk-text">{t('otp.sentTo', { destination: otpState.otpDestination })}</p>
      <CodeInput
        ref={entry.input}
        label={t('otp.codeLabel')}
        length={OTP_LENGTH}
        value={entry.code}
        onChange={entry.onChange}
        disabled={busy}
        error={error && !busy ? errorText(error, strings) : undefined}
      />
      {verifying ? <VerifyingIndicator text={t('otp.verifying')} /> : null}
      <p className="lk-resend">
        <span>
          {remaining > 0 ? t('otp.expiresIn', { time: formatRemaining(remaining) }) : t('otp.expired')}
        </span>
        <Button
          variant="text"
          busy={busy && !verifying}
          disabled={verifying}
          onClick={() => send({ type: 'RESEND_REQUESTED' })}
        >
          {t('otp.resend')}
        </Button>
      </p>
      {screen.offerPassword ? <CreatePasswordInstead /> : null}
    </ScreenFrame>
  );
}
