/** @module password/login-form — spec §2 login form: read-only email, password, 'Forgot Password?', Continue. */
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasswordField } from '../components/password-field.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { AccountEmailField } from './account-email-field.js';
import { usePasswordError } from './use-password-error.js';

/** Props of LoginForm. */
export interface LoginFormProps {
  email: string;
  /** Which of the form's requests is in flight, if any. */
  pending: 'login' | 'forgot' | null;
  onSubmit(password: string): void;
  onForgot(): void;
}

/** Logs in with the stored password; the machine checks that one was typed. */
export function LoginForm({ email, pending, onSubmit, onForgot }: LoginFormProps): ReactElement {
  const { state, t, strings } = useWidget();
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;
  const fieldError = usePasswordError(input);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onSubmit(password);
  };

  return (
    <form className="lk-stack" noValidate onSubmit={submit}>
      <AccountEmailField email={email} />
      <PasswordField
        ref={input}
        label={t('password.passwordLabel')}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        disabled={busy}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={fieldError}
      />
      <p className="lk-row-end">
        <Button variant="text" busy={pending === 'forgot'} disabled={busy} onClick={onForgot}>
          {t('password.forgotLink')}
        </Button>
      </p>
      {error && !error.field ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
      <Button type="submit" busy={pending === 'login'} disabled={busy}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
