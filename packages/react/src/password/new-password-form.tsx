/** @module password/new-password-form — a new password with its strength shown; Continue waits for "valid". */
import { type FormEvent, type ReactElement, useId, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasswordField } from '../components/password-field.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { AccountEmailField } from './account-email-field.js';
import { StrengthIndicator } from './strength-indicator.js';
import { usePasswordError } from './use-password-error.js';
import { usePasswordStrength } from './use-password-strength.js';

/** Props of NewPasswordForm. */
export interface NewPasswordFormProps {
  /** The account's address, shown read-only and sent with the strength check; on the reset form once its link was checked. */
  email?: string;
  passwordLabel: string;
  /** Shown while this form's own request is in flight. */
  submitting: boolean;
  onSubmit(password: string): void;
  /** Errors of the screen's other actions show here unless the screen places them itself. */
  showOtherErrors?: boolean;
}

/**
 * Spec §2 create form and reset form: the password field, the strength indicator, and Continue,
 * disabled until the strength check says the password is valid (spec §4, §5).
 */
export function NewPasswordForm({
  email,
  passwordLabel,
  submitting,
  onSubmit,
  showOtherErrors = true,
}: NewPasswordFormProps): ReactElement {
  const { state, t, strings } = useWidget();
  const [password, setPassword] = useState('');
  const strength = usePasswordStrength(password, email);
  const strengthId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;
  const fieldError = usePasswordError(input);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (strength.canSubmit && !busy) onSubmit(password);
  };

  const checkError = strength.error ? errorText(strength.error, strings) : undefined;
  return (
    <form className="lk-stack" noValidate onSubmit={submit}>
      {email !== undefined ? <AccountEmailField email={email} /> : null}
      <PasswordField
        ref={input}
        label={passwordLabel}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        disabled={busy}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={fieldError}
        describedBy={strengthId}
      />
      <StrengthIndicator id={strengthId} result={strength.result} />
      {checkError && !fieldError ? <p className="lk-hint">{checkError}</p> : null}
      {showOtherErrors && error && !error.field ? (
        <ErrorMessage>{errorText(error, strings)}</ErrorMessage>
      ) : null}
      <Button type="submit" busy={submitting} disabled={!strength.canSubmit || busy}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
