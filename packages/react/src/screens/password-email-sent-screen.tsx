/** @module screens/password-email-sent-screen — Forgot, Breached, SetNew and Dedupe: "a reset email is on its way". */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { productsOf } from '../config.js';
import type { PasswordEmailScreenName, ScreenOf } from '../machine/screen.js';
import type { StringKey } from '../strings/en.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

const TEXTS: Record<PasswordEmailScreenName, readonly [StringKey, StringKey]> = {
  PasswordForgot: ['password.forgotTitle', 'password.forgotText'],
  PasswordBreached: ['password.breachedTitle', 'password.breachedText'],
  PasswordSetNew: ['password.setNewTitle', 'password.setNewText'],
  PasswordDedupe: ['password.dedupeTitle', 'password.dedupeText'],
};

/**
 * One component for the four screens: the title and text of spec §2, 'Didn't get it?' with
 * 'Resend email', and on Forgot 'Login without a password' when magic links are configured.
 */
export function PasswordEmailSentScreen({
  screen,
}: {
  screen: ScreenOf<PasswordEmailScreenName>;
}): ReactElement {
  const { state, send, t, strings, config } = useWidget();
  const [pending, setPending] = useState<'resend' | 'login' | null>(null);
  const current = state.busy ? pending : null;
  const [title, text] = TEXTS[screen.name];
  const offerLogin = screen.name === 'PasswordForgot' && productsOf(config).includes('emailMagicLinks');
  // Both buttons send one request; the one pressed shows busy while it runs, and both wait.
  const requestButton = (which: 'resend' | 'login', type: 'RESEND_REQUESTED' | 'EMAIL_LOGIN_REQUESTED') => ({
    busy: current === which,
    disabled: state.busy,
    onClick: () => {
      setPending(which);
      send({ type });
    },
  });

  return (
    <ScreenFrame title={t(title)} onBack={() => send({ type: 'BACK' })}>
      <p className="lk-text">{t(text, { email: screen.email })}</p>
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
      <p className="lk-resend">
        <span>{t('password.didntGetIt')}</span>
        <Button variant="text" {...requestButton('resend', 'RESEND_REQUESTED')}>
          {t('password.resend')}
        </Button>
      </p>
      {offerLogin ? (
        <Button variant="secondary" {...requestButton('login', 'EMAIL_LOGIN_REQUESTED')}>
          {t('password.loginWithoutPassword')}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
