/** @module screens/password-create-or-login-screen — PasswordCreateOrLogin in its three modes (spec §2). */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { Divider } from '../components/divider.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { LoginForm } from '../password/login-form.js';
import { NewPasswordForm } from '../password/new-password-form.js';
import { passwordlessMethodOf } from '../password-config.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

type Pending = 'password' | 'email' | 'forgot' | 'create' | null;

/** The sign-in-without-a-password offer: 'Email me a login link' or '…code', when one is configured. */
function EmailLoginOption({
  variant,
  busy,
  onClick,
}: {
  variant: 'secondary' | 'text';
  busy: boolean;
  onClick(): void;
}): ReactElement | null {
  const { state, t, config } = useWidget();
  const method = passwordlessMethodOf(config);
  if (method === null) return null;
  return (
    <Button variant={variant} busy={busy} disabled={state.busy} onClick={onClick}>
      {t(method === 'otp' ? 'password.emailMeCode' : 'password.emailMeLink')}
    </Button>
  );
}

/** Passwordless: the machine is already sending a link or code; on failure, retry or set a password. */
function PasswordlessView({
  pending,
  onRetry,
  onCreate,
}: {
  pending: Pending;
  onRetry(): void;
  onCreate(): void;
}) {
  const { state, t, strings } = useWidget();
  if (state.busy && pending === null) return <Spinner large />;
  return (
    <>
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
      <Button busy={pending === 'email'} disabled={state.busy} onClick={onRetry}>
        {t('password.tryAgain')}
      </Button>
      <Button variant="secondary" busy={pending === 'create'} disabled={state.busy} onClick={onCreate}>
        {t('password.createInstead')}
      </Button>
    </>
  );
}

/**
 * new: the passwordless offer, a divider, then the create form. password: the login form, then
 * the offer as a text button. passwordless: see PasswordlessView. The back arrow goes to Main.
 */
export function PasswordCreateOrLoginScreen({
  screen,
}: {
  screen: ScreenOf<'PasswordCreateOrLogin'>;
}): ReactElement {
  const { state, send, t, config } = useWidget();
  // Which button started the request in flight, so only that one shows it is working.
  const [pending, setPending] = useState<Pending>(null);
  const current = state.busy ? pending : null;
  const act = (which: Exclude<Pending, null>, run: () => void) => () => {
    setPending(which);
    run();
  };
  const emailLogin = act('email', () => send({ type: 'EMAIL_LOGIN_REQUESTED' }));
  const back = () => send({ type: 'BACK' });

  if (screen.type === 'passwordless') {
    return (
      <ScreenFrame title={t('password.sendingTitle')} onBack={back}>
        <PasswordlessView
          pending={current}
          onRetry={emailLogin}
          onCreate={act('create', () => send({ type: 'CREATE_PASSWORD_REQUESTED' }))}
        />
      </ScreenFrame>
    );
  }

  const submit = (password: string) => {
    setPending('password');
    send({ type: 'PASSWORD_SUBMITTED', password });
  };

  if (screen.type === 'password') {
    return (
      <ScreenFrame title={t('password.loginTitle')} onBack={back}>
        <LoginForm
          email={screen.email}
          pending={current === 'password' ? 'login' : current === 'forgot' ? 'forgot' : null}
          onSubmit={submit}
          onForgot={act('forgot', () => send({ type: 'FORGOT_PASSWORD_REQUESTED' }))}
        />
        <EmailLoginOption variant="text" busy={current === 'email'} onClick={emailLogin} />
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame title={t('password.createTitle')} onBack={back}>
      {passwordlessMethodOf(config) !== null ? (
        <>
          <EmailLoginOption variant="secondary" busy={current === 'email'} onClick={emailLogin} />
          <Divider text={t('common.or')} />
        </>
      ) : null}
      <p className="lk-text">{t('password.createText')}</p>
      <NewPasswordForm
        email={screen.email}
        passwordLabel={t('password.passwordLabel')}
        submitting={current === 'password'}
        onSubmit={submit}
      />
    </ScreenFrame>
  );
}
