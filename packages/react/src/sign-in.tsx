/** @module sign-in — <SignIn>: the login widget (mountLogin's component). */
import type { ReactElement } from 'react';
import { ErrorMessage } from './components/error-message.js';
import { hasConflictingEmailProducts, hasOneTap } from './config.js';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { initialState } from './machine/state.js';
import { GoogleOneTap } from './oauth/one-tap/google-one-tap.js';
import { resolveStrings } from './strings/resolve-strings.js';
import type { WidgetProps } from './widget/widget-props.js';
import { WidgetShell } from './widget/widget-shell.js';

/** Props of SignIn. */
export interface SignInProps extends WidgetProps {
  /**
   * Render the One Tap prompt area inside the widget (default true when a provider has
   * `one_tap`). mountLogin turns it off in a shadow root and puts the area in the page instead,
   * where Google's script can find it.
   */
  oneTapPlaceholder?: boolean;
}

const startOnMain = () => initialState({ name: 'Main' });

/** The login widget, starting on Main. */
export function SignIn({ oneTapPlaceholder = true, ...props }: SignInProps): ReactElement {
  const client = useWidgetClient(props.client);
  const conflict = hasConflictingEmailProducts(props.config);
  return (
    <WidgetShell
      mode="login"
      client={client}
      config={props.config}
      styles={props.styles}
      callbacks={props.callbacks}
      strings={props.strings}
      clock={props.clock}
      initial={startOnMain}
      before={hasOneTap(props.config) ? <GoogleOneTap placeholder={oneTapPlaceholder} /> : null}
      {...(conflict
        ? {
            replacement: (
              <ErrorMessage>{resolveStrings(props.strings)['config.magicLinksWithEmailOtp']}</ErrorMessage>
            ),
          }
        : {})}
    />
  );
}
