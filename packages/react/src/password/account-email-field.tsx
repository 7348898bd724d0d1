/** @module password/account-email-field — the address a password form is for, shown read-only (spec §5). */
import type { ReactElement } from 'react';
import { TextField } from '../components/text-field.js';
import { useWidget } from '../widget/widget-context.js';

/** The disabled email field; `autocomplete=username` lets password managers pair it with the password. */
export function AccountEmailField({ email }: { email: string }): ReactElement {
  const { t } = useWidget();
  return (
    <TextField
      label={t('password.emailLabel')}
      type="email"
      name="email"
      autoComplete="username"
      value={email}
      disabled
      readOnly
    />
  );
}
