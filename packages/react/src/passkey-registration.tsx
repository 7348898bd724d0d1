/** @module passkey-registration — <PasskeyRegistration>: the passkey widget for a signed-in user. */
import type { ReactElement } from 'react';
import { ErrorMessage } from './components/error-message.js';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { useClientUser } from './hooks/use-user.js';
import { initialState } from './machine/state.js';
import { resolveStrings } from './strings/resolve-strings.js';
import type { WidgetProps } from './widget/widget-props.js';
import { WidgetShell } from './widget/widget-shell.js';

const startOnPasskeyStart = () => initialState({ name: 'PasskeyRegistrationStart' });

/**
 * The passkey-registration widget. Spec §6: it needs a signed-in user; without one it shows only
 * the fixed error line. It follows `user.onChange`, so signing in elsewhere on the page enables it.
 */
export function PasskeyRegistration(props: WidgetProps): ReactElement {
  const client = useWidgetClient(props.client);
  const user = useClientUser(client);
  return (
    <WidgetShell
      mode="passkeyRegistration"
      client={client}
      config={props.config}
      styles={props.styles}
      callbacks={props.callbacks}
      strings={props.strings}
      clock={props.clock}
      initial={startOnPasskeyStart}
      {...(user
        ? {}
        : { replacement: <ErrorMessage>{resolveStrings(props.strings)['passkey.noUser']}</ErrorMessage> })}
    />
  );
}
