/** @module reset-password — <ResetPassword>: the reset-password widget (mountResetPassword's component). */
import type { ReactElement } from 'react';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { readTokenParams } from './internal/read-token-params.js';
import { initialState, type MachineState } from './machine/state.js';
import type { WidgetProps } from './widget/widget-props.js';
import { WidgetShell } from './widget/widget-shell.js';

/** Props of ResetPassword. */
export interface ResetPasswordProps extends WidgetProps {
  /** The `token` of the reset link, as the host read it from its URL. */
  passwordResetToken?: string;
  /** The page's query string; defaults to `location.search`. */
  search?: string;
}

/**
 * Spec §2 reset form: `stytch_token_type=login` in the page URL means the link was "log in
 * without a password", so the widget starts busy and authenticates that magic-link token. A reset
 * token starts busy too: the widget checks it before showing the form (issue 17).
 */
export function resetPasswordInitialState(search: string, passwordResetToken?: string): MachineState {
  const { tokenType, token } = readTokenParams(search);
  if (tokenType === 'login') {
    const loginToken = token ?? passwordResetToken ?? null;
    return initialState({ name: 'PasswordResetForm', token: loginToken, tokenType }, loginToken !== null);
  }
  const resetToken = passwordResetToken ?? token;
  if (resetToken === null) return initialState({ name: 'PasswordResetForm', token: null, tokenType });
  return initialState({ name: 'PasswordResetForm', token: resetToken, tokenType, checking: true }, true);
}

/** The reset-password widget, starting on PasswordResetForm. */
export function ResetPassword({ passwordResetToken, search, ...props }: ResetPasswordProps): ReactElement {
  const client = useWidgetClient(props.client);
  const initial = () =>
    resetPasswordInitialState(search ?? globalThis.location?.search ?? '', passwordResetToken);
  return <WidgetShell {...props} mode="resetPassword" client={client} initial={initial} />;
}
