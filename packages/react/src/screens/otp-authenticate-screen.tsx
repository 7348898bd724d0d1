/** @module screens/otp-authenticate-screen — OTPAuthenticate: enter the 6-digit code, countdown, resend (spec §2). */
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { CodeInput } from '../components/code-input.js';
import { TimedProgressBar } from '../components/progress-bar.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { useNow } from '../hooks/use-now.js';
import type { ScreenOf } from '../machine/screen.js';
import { OTP_LENGTH } from '../machine/transition.js';
import { CreatePasswordInstead } from '../password/create-password-instead.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** Spec §9: the verifying animation lasts 10 s. */
export const VERIFYING_MS = 10_000;
/** Spec §9: the resend countdown ticks each second. */
const COUNTDOWN_TICK_MS = 1000;

/** Milliseconds left as `m:ss`, rounded up so the line reads 0:01 until the code has expired. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The code boxes submit by themselves once six digits are in: exactly once per new value, so a
 * re-render or pasting the same code again sends nothing. A failed check empties the boxes and
 * puts focus back in them for another try.
 */
export function OtpAuthenticateScreen({ screen }: { screen: ScreenOf<'OTPAuthenticate'> }): ReactElement {
  const { state, send, t, strings, clock } = useWidget();
  const { otpState } = screen;
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const verifyingId = useId();
  const now = useNow(clock, COUNTDOWN_TICK_MS);
  const { busy, error } = state;
  // A full code is only ever present while it is being checked: a failure clears it.
  const verifying = busy && code.length === OTP_LENGTH;

  useEffect(() => {
    if (!error || busy) return;
    setCode('');
    input.current?.focus();
  }, [error, busy]);

  const onCodeChange = (next: string): void => {
    if (next === code) return;
    setCode(next);
    if (next.length === OTP_LENGTH) send({ type: 'OTP_CODE_ENTERED', code: next });
  };

  const remaining = otpState.expiresAt - now;
  return (
    <ScreenFrame title={t('otp.title')} onBack={() => send({ type: 'BACK' })}>
      <p className="lk-text">{t('otp.sentTo', { destination: otpState.otpDestination })}</p>
      <CodeInput
        ref={input}
        label={t('otp.codeLabel')}
        length={OTP_LENGTH}
        value={code}
        onChange={onCodeChange}
        disabled={busy}
        error={error && !busy ? errorText(error, strings) : undefined}
      />
      {verifying ? (
        <div className="lk-verifying">
          <p className="lk-text" id={verifyingId}>
            {t('otp.verifying')}
          </p>
          <TimedProgressBar durationMs={VERIFYING_MS} clock={clock} labelledBy={verifyingId} />
        </div>
      ) : null}
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
