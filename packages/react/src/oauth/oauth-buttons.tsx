/** @module oauth/oauth-buttons — Main's 'Continue with {provider}' buttons and their error line. */
import type { OAuthProviderType } from '@latchkey/client';
import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import { type ReactElement, useEffect } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import type { ScreenOf } from '../machine/screen.js';
import { errorText } from '../strings/error-text.js';
import { BRAND_BUTTONS_CSS } from '../theme/brand-buttons-css.js';
import { addStyles } from '../theme/install-styles.js';
import { useWidget } from '../widget/widget-context.js';
import { BrandMark } from './brand-mark.js';

// The stack's rules, in place before it renders (in the script-tag widget, when its file loads).
addStyles(BRAND_BUTTONS_CSS);

/** Props of OAuthButtons. */
export interface OAuthButtonsProps {
  screen: ScreenOf<'Main'>;
  providers: readonly OAuthProviderType[];
  /** Configured types the wire does not know: they get no button, only a console warning. */
  unknown: readonly string[];
}

/**
 * One secondary button per provider, in the configured order. The pressed one swaps its mark for
 * the spinner (same place, so nothing moves) and keeps it until the page has left; the others are
 * disabled meanwhile. A start that fails shows its message under the buttons (role=alert).
 */
export function OAuthButtons({ screen, providers, unknown }: OAuthButtonsProps): ReactElement {
  const { state, send, t, strings } = useWidget();
  const pending = state.busy ? screen.oauthProvider : undefined;
  const error = state.error?.field === 'oauth' ? state.error : null;

  const unknownTypes = unknown.join(', ');
  useEffect(() => {
    if (unknownTypes) console.warn(`Latchkey: no OAuth button for unknown provider type(s): ${unknownTypes}`);
  }, [unknownTypes]);

  // Back from the provider with the browser's back button, the page may be restored as it was
  // left (back-forward cache): spinning, with every control disabled.
  const leaving = pending !== undefined;
  useEffect(() => {
    if (!leaving) return undefined;
    const onPageShow = (event: PageTransitionEvent): void => {
      if (event.persisted) send({ type: 'OAUTH_PAGE_RESTORED' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [leaving, send]);

  return (
    <div className="lk-oauth-buttons">
      {providers.map((type) => (
        <Button
          key={type}
          variant="secondary"
          data-lk-oauth={type}
          busy={pending === type}
          disabled={state.busy}
          onClick={() => send({ type: 'OAUTH_START_REQUESTED', provider: type })}
        >
          {pending === type ? null : <BrandMark type={type} />}
          {t('main.continueWithProvider', { provider: oauthProviderName(type) })}
        </Button>
      ))}
      {error ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
    </div>
  );
}
