/** @module screens/reset-password-screen — PasswordResetForm: the "Logging in" step of a login link. */
import type { ReactElement } from 'react';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';
import { NotAvailableScreen } from './not-available-screen.js';

/**
 * With `stytch_token_type=login` the machine authenticates the token on entry (spec §2) and this
 * shows "Logging in" with a spinner, then the error if it failed. The new-password form comes
 * with the passwords product.
 */
export function ResetPasswordScreen({ screen }: { screen: ScreenOf<'PasswordResetForm'> }): ReactElement {
  const { state, t, strings } = useWidget();
  if (screen.tokenType !== 'login') return <NotAvailableScreen screen={screen} />;
  return (
    <ScreenFrame title={t('reset.loggingIn')}>
      {state.busy ? <Spinner large /> : null}
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
    </ScreenFrame>
  );
}
