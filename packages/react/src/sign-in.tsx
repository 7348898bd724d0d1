/** @module sign-in — <SignIn>: the login widget (mountLogin's component). */
import type { ReactElement } from 'react';
import { ErrorMessage } from './components/error-message.js';
import { hasConflictingEmailProducts, hasOneTap } from './config.js';
import { useWidgetClient } from './hooks/use-latchkey.js';
import { afterSignIn } from './machine/second-factor.js';
import { initialState } from './machine/state.js';
import { readOAuthReturnError } from './oauth/oauth-return-error.js';
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
  /**
   * The page's query string, read once at mount (default `location.search`): a provider sign-in
   * that came back with `stytch_token_type=oauth&error=…` starts Main with that error shown. A
   * host that removes the parameters from its address bar first passes the original here; one
   * that shows the error itself passes `''`.
   */
  search?: string;
}

/** The login widget, starting on Main, or on the second factor of `pendingSignIn`. */
export function SignIn({
  oneTapPlaceholder = true,
  pendingSignIn,
  search,
  ...props
}: SignInProps): ReactElement {
  const client = useWidgetClient(props.client);
  const conflict = hasConflictingEmailProducts(props.config);
  return (
    <WidgetShell
      {...props}
      mode="login"
      client={client}
      initial={() => {
        const state = afterSignIn(initialState({ name: 'Main' }), pendingSignIn, { name: 'Main' });
        const oauthError = readOAuthReturnError(search ?? globalThis.location?.search ?? '');
        return oauthError && state.screen.name === 'Main'
          ? { ...state, error: { code: oauthError, field: 'oauthReturn' } }
          : state;
      }}
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
