/** @module screens/email-form — Main's email form: sends a magic link or an email passcode. */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { TextField } from '../components/text-field.js';
import type { ScreenOf } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** Props of EmailForm. */
export interface EmailFormProps {
  screen: ScreenOf<'Main'>;
  method: 'password' | 'magicLink' | 'otp';
  /** Passkeys are on: the field offers them in its autofill (spec §5 conditional mediation). */
  autofill?: boolean;
  /** Another control of Main (the passkey button) started the request in flight. */
  otherPending?: boolean;
}

/**
 * The email field and 'Continue with email'; `method` says what the button starts: a passcode,
 * or (EMAIL_SUBMITTED) a magic link or the password-first lookup.
 */
export function EmailForm({
  screen,
  method,
  autofill = false,
  otherPending = false,
}: EmailFormProps): ReactElement {
  const { state, send, t, strings } = useWidget();
  const [email, setEmail] = useState(screen.email ?? '');
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;

  // A failed submit puts the user back on the field the message is about (a passkey or OAuth
  // error belongs to its button, which keeps the focus; an OAuth return's notice takes it itself).
  useEffect(() => {
    if (error && error.field !== 'passkey' && error.field !== 'oauth' && error.field !== 'oauthReturn')
      input.current?.focus();
  }, [error]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send(
      method === 'otp'
        ? { type: 'OTP_SUBMITTED', channel: 'email', recipient: email, destination: email.trim() }
        : { type: 'EMAIL_SUBMITTED', email },
    );
  };

  return (
    // noValidate: the widget shows its own message (spec §5) instead of the browser's bubble.
    <form className="lk-stack" noValidate onSubmit={onSubmit}>
      <TextField
        ref={input}
        label={t('main.emailLabel')}
        type="email"
        name="email"
        autoComplete={autofill ? 'username webauthn' : 'email'}
        inputMode="email"
        placeholder={t('main.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={error?.field === 'email' ? errorText(error, strings) : undefined}
      />
      {error && !error.field ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
      <Button type="submit" busy={busy && !otherPending} disabled={busy}>
        {t('main.continueWithEmail')}
      </Button>
    </form>
  );
}
