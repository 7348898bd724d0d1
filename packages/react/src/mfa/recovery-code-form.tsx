/** @module mfa/recovery-code-form — 'Use a recovery code': one of the codes saved at setup instead of the app's. */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { TextField } from '../components/text-field.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { useMfaStrings } from './use-mfa-strings.js';

/**
 * The recovery code field and Continue. A refused code stays in the field, with the error under
 * it and focus back in it, so a typo can be mended at once.
 */
export function RecoveryCodeForm(): ReactElement {
  const { state, send, t: widgetText } = useWidget();
  const { t, strings } = useMfaStrings();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { busy, error } = state;

  // Shown only when asked for, and the link that asked is gone: the field takes focus. A focus()
  // on mount, since preact (the script-tag build) does not act on autoFocus after page load.
  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (error && !busy) input.current?.focus();
  }, [error, busy]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'MFA_RECOVERY_CODE_SUBMITTED', code });
  };
  return (
    <form className="lk-stack" noValidate onSubmit={onSubmit}>
      <p className="lk-text">{t('mfa.recoveryText')}</p>
      <TextField
        ref={input}
        label={t('mfa.recoveryLabel')}
        placeholder={t('mfa.recoveryPlaceholder')}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        disabled={busy}
        error={error && !busy ? errorText(error, strings) : undefined}
      />
      <Button type="submit" busy={busy} disabled={code.trim() === ''}>
        {widgetText('common.continue')}
      </Button>
    </form>
  );
}
