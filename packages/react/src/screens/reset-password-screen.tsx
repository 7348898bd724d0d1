/** @module screens/reset-password-screen — PasswordResetForm: a new password, or "Logging in" for a login link. */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { Divider } from '../components/divider.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { NewPasswordForm } from '../password/new-password-form.js';
import type { StringKey } from '../strings/en.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** 'Back to sign in': the way on from a link that could not be used (issue 17). */
function BackToSignIn(): ReactElement {
  const { send, t } = useWidget();
  return (
    <Button variant="secondary" onClick={() => send({ type: 'SIGN_IN_RESTARTED' })}>
      {t('common.backToSignIn')}
    </Button>
  );
}

/** A link that cannot be used as it is: what is wrong, and the way back. */
function BrokenLink({ title, problem }: { title: StringKey; problem: StringKey }): ReactElement {
  const { t, strings } = useWidget();
  return (
    <ScreenFrame title={t(title)}>
      <ErrorMessage>{strings[problem]}</ErrorMessage>
      <BackToSignIn />
    </ScreenFrame>
  );
}

/**
 * `stytch_token_type=login`: the machine authenticates the token on entry (spec §2). A used or
 * expired link moves on to LinkExpired; any other failure stays here with its message and the
 * way back.
 */
function LoggingIn({ token }: { token: string | null }): ReactElement {
  const { state, t, strings } = useWidget();
  if (token === null) return <BrokenLink title="reset.loggingIn" problem="errors.login_token_missing" />;
  return (
    <ScreenFrame title={t('reset.loggingIn')}>
      {state.busy ? <Spinner large /> : null}
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
      {state.busy ? null : <BackToSignIn />}
    </ScreenFrame>
  );
}

/** The reset link's check under way: nothing to type until it is known to work (issue 17). */
function CheckingLink(): ReactElement {
  const { t } = useWidget();
  return (
    <ScreenFrame title={t('reset.title')}>
      <Spinner large />
      <p className="lk-text" role="status">
        {t('reset.checking')}
      </p>
    </ScreenFrame>
  );
}

/**
 * Spec §2 reset form: 'Reset your password', the account's address read-only once the check
 * named it (issue 17; the strength check then weighs the password against it),
 * the new password with its strength, Continue, a divider and 'Login without a password' (which
 * reads 'Logging in...' while it works).
 */
export function ResetPasswordScreen({ screen }: { screen: ScreenOf<'PasswordResetForm'> }): ReactElement {
  const { state, send, t, strings } = useWidget();
  const [pending, setPending] = useState<'password' | 'login' | null>(null);
  const current = state.busy ? pending : null;
  if (screen.tokenType === 'login') return <LoggingIn token={screen.token} />;
  if (screen.token === null) return <BrokenLink title="reset.title" problem="errors.reset_token_missing" />;
  if (screen.checking) return <CheckingLink />;
  return (
    <ScreenFrame title={t('reset.title')}>
      <NewPasswordForm
        {...(screen.email === undefined ? {} : { email: screen.email })}
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
