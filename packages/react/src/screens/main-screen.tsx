/** @module screens/main-screen — Main, the method chooser: the email form of the magic-link product. */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { TextField } from '../components/text-field.js';
import { productsOf } from '../config.js';
import type { ScreenOf } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** Main. Products other than email magic links get their buttons in their own issues. */
export function MainScreen({ screen }: { screen: ScreenOf<'Main'> }): ReactElement {
  const { state, send, t, strings, config } = useWidget();
  const [email, setEmail] = useState(screen.email ?? '');
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;

  // A failed submit puts the user back on the field the message is about.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  if (!productsOf(config).includes('emailMagicLinks')) {
    return (
      <ScreenFrame title={t('main.title')}>
        <p className="lk-text">{t('notAvailable.text')}</p>
      </ScreenFrame>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'EMAIL_SUBMITTED', email });
  };

  return (
    <ScreenFrame title={t('main.title')}>
      {/* noValidate: the widget shows its own message (spec §5) instead of the browser's bubble. */}
      <form className="lk-stack" noValidate onSubmit={onSubmit}>
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
        {error && !error.field ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
        <Button type="submit" busy={busy}>
          {t('main.continueWithEmail')}
        </Button>
      </form>
    </ScreenFrame>
  );
}
