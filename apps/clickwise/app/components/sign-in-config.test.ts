import { describe, expect, it } from 'vitest';
import { widgetConfig } from './sign-in-config.js';

const site = { publicToken: 'public-token-test-x', providerUrl: 'http://localhost:4000', googleOAuth: false };

describe('the sign-in modal’s widget config (spec §9)', () => {
  it('sends 10-minute magic links to /user/authenticate for login and signup, for 60-minute sessions', () => {
    expect(widgetConfig(site, 'http://localhost:3000')).toEqual({
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: {
        loginRedirectURL: 'http://localhost:3000/user/authenticate',
        signupRedirectURL: 'http://localhost:3000/user/authenticate',
        loginExpirationMinutes: 10,
        signupExpirationMinutes: 10,
      },
      sessionOptions: { sessionDurationMinutes: 60 },
    });
  });

  it('offers Google only when the site is configured for it', () => {
    const config = widgetConfig({ ...site, googleOAuth: true }, 'http://localhost:3000');
    expect(config.products).toEqual(['oauth', 'emailMagicLinks']);
    expect(config.oauthOptions?.providers).toEqual([{ type: 'google' }]);
    expect(config.oauthOptions?.loginRedirectURL).toBe('http://localhost:3000/user/authenticate');
    expect(config.oauthOptions?.signupRedirectURL).toBe('http://localhost:3000/user/authenticate');
  });
});
