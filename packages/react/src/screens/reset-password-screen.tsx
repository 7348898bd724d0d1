/** @module screens/reset-password-screen — PasswordResetForm: a new password, or "Logging in" for a login link. */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { Divider } from '../components/divider.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { NewPasswordForm } from '../password/new-password-form.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** `stytch_token_type=login`: the machine authenticates the token on entry (spec §2). */
function LoggingIn(): ReactElement {
  const { state, t, strings } = useWidget();
  return (
    <ScreenFrame title={t('reset.loggingIn')}>
      {state.busy ? <Spinner large /> : null}
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
    </ScreenFrame>
  );
}

/**
 * Spec §2 reset form: 'Reset your password', the new password with its strength, Continue, a
 * divider and 'Login without a password' (which reads 'Logging in...' while it works).
 */
export function ResetPasswordScreen({ screen }: { screen: ScreenOf<'PasswordResetForm'> }): ReactElement {
  const { state, send, t, strings } = useWidget();
  const [pending, setPending] = useState<'password' | 'login' | null>(null);
  const current = state.busy ? pending : null;
  if (screen.tokenType === 'login') return <LoggingIn />;
  if (screen.token === null) {
    return (
      <ScreenFrame title={t('reset.title')}>
        <ErrorMessage>{strings['errors.reset_token_missing']}</ErrorMessage>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={t('reset.title')}>
      <NewPasswordForm
        passwordLabel={t('reset.newPasswordLabel')}
        submitting={current === 'password'}
        showOtherErrors={false}
        onSubmit={(password) => {
          setPending('password');
          send({ type: 'PASSWORD_SUBMITTED', password });
        }}
      />
      <Divider text={t('common.or')} />
      {state.error && !state.error.field ? (
        <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage>
      ) : null}
      <Button
        variant="secondary"
        disabled={state.busy}
        aria-busy={current === 'login' || undefined}
        onClick={() => {
          setPending('login');
          send({ type: 'EMAIL_LOGIN_REQUESTED' });
        }}
      >
        {current === 'login' ? t('reset.loggingInBusy') : t('password.loginWithoutPassword')}
      </Button>
    </ScreenFrame>
  );
}
