/** @module screens/link-expired-screen — LinkExpired: a used or expired emailed link, with a new one and the way back (issue 17). */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { TextField } from '../components/text-field.js';
import type { ScreenOf } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/**
 * Says what happened, then offers 'Send a new link' (to the known address, or one the person
 * types) and 'Back to sign in'. Focus goes to the heading, so the news is read first.
 */
export function LinkExpiredScreen({ screen }: { screen: ScreenOf<'LinkExpired'> }): ReactElement {
  const { state, send, t, strings } = useWidget();
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;

  // A refused address puts the person back on the field the message is about.
  useEffect(() => {
    if (error?.field === 'email') input.current?.focus();
  }, [error]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'NEW_LINK_REQUESTED', email: screen.email ?? email });
  };
  const title = screen.link === 'login' ? 'linkExpired.loginTitle' : 'linkExpired.resetTitle';

  return (
    <ScreenFrame title={t(title)} focus="heading">
      <p className="lk-text">{t('linkExpired.text')}</p>
      {/* noValidate: the widget shows its own message (spec §5) instead of the browser's bubble. */}
      <form className="lk-stack" noValidate onSubmit={onSubmit}>
        {screen.email !== null ? (
          <p className="lk-text">{t('linkExpired.sendTo', { email: screen.email })}</p>
        ) : (
          <>
            <p className="lk-text">{t('linkExpired.askEmail')}</p>
            <TextField
              ref={input}
              label={t('main.emailLabel')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('main.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error?.field === 'email' ? errorText(error, strings) : undefined}
            />
          </>
        )}
        {error && (error.field !== 'email' || screen.email !== null) ? (
          <ErrorMessage>{errorText(error, strings)}</ErrorMessage>
        ) : null}
        <Button type="submit" busy={busy} disabled={busy}>
          {t('linkExpired.sendNew')}
        </Button>
      </form>
      <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'SIGN_IN_RESTARTED' })}>
        {t('common.backToSignIn')}
      </Button>
    </ScreenFrame>
  );
}
