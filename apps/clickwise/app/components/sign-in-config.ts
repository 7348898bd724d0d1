/** @module sign-in-config — the widget config of the marketing site (spec §9), without the widget itself. */
import type { Product, WidgetConfig } from '@latchkey/react';
import type { SiteLatchkeyConfig } from './sign-in-modal.js';

/** Spec §9: marketing-site magic links last 10 minutes, sessions 60 minutes; container 300px. */
export const MAGIC_LINK_EXPIRATION_MINUTES = 10;
export const SESSION_DURATION_MINUTES = 60;
export const CONTAINER_WIDTH = '300px';

/** Where both login and signup links land: the server redeems the token there. */
export const AUTHENTICATE_PATH = '/user/authenticate';

/** The widget config: email magic links, and Google when the site is configured for it. */
export function widgetConfig(site: SiteLatchkeyConfig, origin: string): WidgetConfig {
  const redirect = `${origin}${AUTHENTICATE_PATH}`;
  const products: Product[] = site.googleOAuth ? ['oauth', 'emailMagicLinks'] : ['emailMagicLinks'];
  return {
    products,
    emailMagicLinksOptions: {
      loginRedirectURL: redirect,
      signupRedirectURL: redirect,
      loginExpirationMinutes: MAGIC_LINK_EXPIRATION_MINUTES,
      signupExpirationMinutes: MAGIC_LINK_EXPIRATION_MINUTES,
    },
    ...(site.googleOAuth
      ? {
          oauthOptions: {
            loginRedirectURL: redirect,
            signupRedirectURL: redirect,
            providers: [{ type: 'google' }],
          },
        }
      : {}),
    sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
  };
}
