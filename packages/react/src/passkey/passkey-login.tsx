/** @module passkey/passkey-login — Main's 'Log in with a Passkey' button and its error line. */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasskeyIcon } from '../components/icons.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** Props of PasskeyLogin. */
export interface PasskeyLoginProps {
  /** The passkey ceremony is what the widget is busy with. */
  pending: boolean;
  onStart(): void;
}

/**
 * A secondary button; while the ceremony runs the spinner takes the icon's place (same size, so
 * nothing moves). Its errors (field `passkey`) show right under it, where the user is looking,
 * and are announced (role=alert).
 */
export function PasskeyLogin({ pending, onStart }: PasskeyLoginProps): ReactElement {
  const { state, t, strings } = useWidget();
  const error = state.error?.field === 'passkey' ? state.error : null;
  return (
    <>
      <Button variant="secondary" busy={pending} disabled={state.busy} onClick={onStart}>
        {pending ? null : <PasskeyIcon />}
        {t('main.loginWithPasskey')}
      </Button>
      {error ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
    </>
  );
}
