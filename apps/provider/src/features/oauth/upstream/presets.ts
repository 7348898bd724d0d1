/**
 * @module presets — the well-known upstream providers' endpoints and default scopes. Any value can
 * be overridden per project (tests point "google" at a loopback issuer); other names have none.
 */
import type { OAuthProviderType } from './provider-types.js';
import type { UpstreamKind } from './upstream-config.js';

/** What a preset fills in when the project's configuration leaves it out. */
export interface UpstreamPreset {
  kind: UpstreamKind;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  scopes: readonly string[];
}

/** Microsoft's multi-tenant issuer; discovery names it with `{tenantid}`, each ID token with its own `tid`. */
export const MICROSOFT_TENANT_PLACEHOLDER = '{tenantid}';

/** Google issues ID tokens with either spelling of its issuer ("Verify the Google ID token", step 3). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_ISSUER_WITHOUT_SCHEME = 'accounts.google.com';

/** Apple's issuer, which is also the audience of the client-secret JWT. */
export const APPLE_ISSUER = 'https://appleid.apple.com';

/** The issuer recorded for GitHub identities, which come without an ID token. */
export const GITHUB_ISSUER = 'https://github.com';

export const UPSTREAM_PRESETS: Readonly<Partial<Record<OAuthProviderType, UpstreamPreset>>> = {
  google: { kind: 'oidc', issuer: GOOGLE_ISSUER, scopes: ['openid', 'email', 'profile'] },
  microsoft: {
    kind: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: ['openid', 'email', 'profile'],
  },
  // Apple returns an ID token without the openid scope; asking for name or email needs form_post.
  apple: { kind: 'oidc', issuer: APPLE_ISSUER, scopes: ['name', 'email'] },
  github: {
    kind: 'oauth2',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
  },
};
