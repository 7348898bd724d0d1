/** @module authorization-url — the upstream authorization request (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2.1). */
import type { UpstreamConfig } from './upstream-config.js';

/** What one sign-in adds to the configured provider. */
export interface AuthorizationUrlOptions {
  /** `{publicUrl}/v1/public/oauth/{provider}/callback`. */
  redirectUri: string;
  state: string;
  /** OpenID providers: the value the ID token must echo. */
  nonce?: string;
  /** Our own S256 challenge towards the upstream (RFC 9700 §2.1.1), not the client's. */
  codeChallenge: string;
  /** Added after the configured scopes, duplicates dropped. */
  customScopes?: readonly string[];
  /** The caller's `provider_{k}` values as `k`; the reserved keys below are ignored. */
  providerParams?: Readonly<Record<string, string>>;
}

/** Parameters the provider sets itself; a caller's `provider_{k}` cannot replace them (docs/contracts.md). */
export const RESERVED_AUTHORIZATION_PARAMS: ReadonlySet<string> = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
]);

/** The scopes a sign-in asks for: configured, then custom, each once. */
export function requestedScopes(config: UpstreamConfig, customScopes: readonly string[] = []): string[] {
  return [...new Set([...config.scopes, ...customScopes].filter((scope) => scope !== ''))];
}

/** Builds the URL the browser is sent to at `authorizationEndpoint`. */
export function buildAuthorizationUrl(
  config: UpstreamConfig,
  authorizationEndpoint: string,
  options: AuthorizationUrlOptions,
): string {
  const url = new URL(authorizationEndpoint);
  const scopes = requestedScopes(config, options.customScopes);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', config.clientId);
  params.set('redirect_uri', options.redirectUri);
  if (scopes.length > 0) params.set('scope', scopes.join(' '));
  params.set('state', options.state);
  if (config.kind === 'oidc' && options.nonce !== undefined) params.set('nonce', options.nonce);
  params.set('code_challenge', options.codeChallenge);
  params.set('code_challenge_method', 'S256');
  // Apple refuses name and email scopes unless the answer is POSTed ("Incorporating Sign in with Apple").
  if (config.providerType === 'apple' && (scopes.includes('name') || scopes.includes('email'))) {
    params.set('response_mode', 'form_post');
  }
  for (const [key, value] of Object.entries(options.providerParams ?? {})) {
    if (!RESERVED_AUTHORIZATION_PARAMS.has(key)) params.set(key, value);
  }
  return url.href;
}
