/** @module passkey-registration — <PasskeyRegistration>: the passkey widget for a signed-in user. */
import type { ReactElement } from 'react';
import { ErrorMessage } from './components/error-message.js';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { useClientUser } from './hooks/use-user.js';
import { initialState, type MachineState } from './machine/state.js';
import { resolveStrings } from './strings/resolve-strings.js';
import type { WidgetProps } from './widget/widget-props.js';
import { WidgetShell } from './widget/widget-shell.js';
import type { WidgetUser } from './widget-client.js';

/**
 * Where the widget opens, from the user the client holds: the list when they have passkeys (the
 * account page of someone who set one up), else 'Set up a new Passkey', which asks the provider
 * once more in case passkeys were added elsewhere (spec §2: Start for a user without any).
 */
function openingState(user: WidgetUser | null): MachineState {
  if ((user?.webauthn_registrations?.length ?? 0) > 0)
    return initialState({
      name: 'PasskeyRegistrationSuccess',
      created: false,
      registrations: null,
      opened: true,
    });
  return initialState({ name: 'PasskeyRegistrationStart', opened: true });
}

/**
 * The passkey-registration widget. Spec §6: it needs a signed-in user; without one it shows only
 * the fixed error line. It follows `user.onChange`, so signing in elsewhere on the page enables it
 * (the machine starts then, so the opening check runs for that user).
 */
export function PasskeyRegistration(props: WidgetProps): ReactElement {
  const client = useWidgetClient(props.client);
  const user = useClientUser(client);
  return (
    <WidgetShell
      {...props}
      mode="passkeyRegistration"
      client={client}
      initial={() => openingState(client.user.getSync())}
      {...(user
        ? {}
        : { replacement: <ErrorMessage>{resolveStrings(props.strings)['passkey.noUser']}</ErrorMessage> })}
    />
  );
}
