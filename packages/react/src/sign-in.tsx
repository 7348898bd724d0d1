/** @module sign-in — <SignIn>: the login widget (mountLogin's component). */
import type { ReactElement } from 'react';
import { ErrorMessage } from './components/error-message.js';
import { hasConflictingEmailProducts, hasOneTap } from './config.js';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { afterSignIn } from './machine/second-factor.js';
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
  /**
   * The answer of a sign-in the page finished itself (a magic-link or OAuth redirect) when it
   * waits for a second factor: the widget starts on that step instead of Main.
   */
  pendingSignIn?: unknown;
}

/** The login widget, starting on Main, or on the second factor of `pendingSignIn`. */
export function SignIn({ oneTapPlaceholder = true, pendingSignIn, ...props }: SignInProps): ReactElement {
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
      initial={() => afterSignIn(initialState({ name: 'Main' }), pendingSignIn, { name: 'Main' })}
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
