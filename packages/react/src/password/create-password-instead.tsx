/** @module password/create-password-instead — 'Create a password instead', offered to passwordless users (spec §2). */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { useWidget } from '../widget/widget-context.js';

/** Sends the reset email that sets a first password (spec §4: → PasswordSetNew). */
export function CreatePasswordInstead(): ReactElement {
  const { state, send, t } = useWidget();
  const [clicked, setClicked] = useState(false);
  return (
    <Button
      variant="secondary"
      busy={state.busy && clicked}
      disabled={state.busy}
      onClick={() => {
        setClicked(true);
        send({ type: 'CREATE_PASSWORD_REQUESTED' });
      }}
    >
      {t('password.createInstead')}
    </Button>
  );
}
