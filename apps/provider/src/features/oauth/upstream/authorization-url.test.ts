/** The authorization request URL: our parameters, scopes, reserved keys and Apple's form_post. */
import { describe, expect, it } from 'vitest';
import {
  buildAuthorizationUrl,
  RESERVED_AUTHORIZATION_PARAMS,
  requestedScopes,
} from './authorization-url.js';
import type { UpstreamConfig } from './upstream-config.js';

const google: UpstreamConfig = {
  providerType: 'google',
  kind: 'oidc',
  clientId: 'client-1',
  clientSecret: 'secret',
  issuer: 'https://accounts.google.com',
  scopes: ['openid', 'email', 'profile'],
};
const OPTIONS = {
  redirectUri: 'https://auth.example.com/v1/public/oauth/google/callback',
  state: 'state-value',
  nonce: 'nonce-value',
  codeChallenge: 'challenge-value',
};

const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('buildAuthorizationUrl', () => {
  it('sets every parameter of an OpenID authorization request', () => {
    const url = buildAuthorizationUrl(google, 'https://accounts.google.com/o/oauth2/v2/auth', OPTIONS);
    expect(url.startsWith('https://accounts.google.com/o/oauth2/v2/auth?')).toBe(true);
    expect(params(url)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: OPTIONS.redirectUri,
      scope: 'openid email profile',
      state: 'state-value',
      nonce: 'nonce-value',
      code_challenge: 'challenge-value',
      code_challenge_method: 'S256',
    });
  });

  it('adds custom scopes after the configured ones, each once', () => {
    const url = buildAuthorizationUrl(google, 'https://a.example/auth', {
      ...OPTIONS,
      customScopes: ['email', 'https://www.googleapis.com/auth/calendar'],
    });
    expect(params(url).scope).toBe('openid email profile https://www.googleapis.com/auth/calendar');
    expect(requestedScopes(google, ['profile', 'x'])).toEqual(['openid', 'email', 'profile', 'x']);
  });

  it('passes provider params through, except the reserved keys', () => {
    const providerParams: Record<string, string> = {
      prompt: 'select_account',
      login_hint: 'ada@example.com',
    };
    for (const key of RESERVED_AUTHORIZATION_PARAMS) providerParams[key] = 'attacker';
    const url = buildAuthorizationUrl(google, 'https://a.example/auth', { ...OPTIONS, providerParams });
    const sent = params(url);
    expect(sent).toMatchObject({
      prompt: 'select_account',
      login_hint: 'ada@example.com',
      client_id: 'client-1',
    });
    expect(Object.values(sent)).not.toContain('attacker');
    expect(sent.response_mode).toBeUndefined();
  });

  it('keeps a query the endpoint already has', () => {
    const url = buildAuthorizationUrl(google, 'https://a.example/auth?tenant=x', OPTIONS);
    expect(params(url).tenant).toBe('x');
  });

  it('sends no nonce to an OAuth 2.0 provider', () => {
    const github: UpstreamConfig = {
      ...google,
      providerType: 'github',
      kind: 'oauth2',
      scopes: ['read:user'],
    };
    expect(
      params(buildAuthorizationUrl(github, 'https://github.com/login/oauth/authorize', OPTIONS)).nonce,
    ).toBeUndefined();
  });

  it('asks Apple for form_post when name or email is requested, and only then', () => {
    const apple: UpstreamConfig = { ...google, providerType: 'apple', scopes: ['name', 'email'] };
    expect(
      params(buildAuthorizationUrl(apple, 'https://appleid.apple.com/auth/authorize', OPTIONS)),
    ).toMatchObject({
      scope: 'name email',
      response_mode: 'form_post',
    });
    const bare = { ...apple, scopes: [] };
    expect(
      params(buildAuthorizationUrl(bare, 'https://appleid.apple.com/auth/authorize', OPTIONS)).response_mode,
    ).toBeUndefined();
    expect(
      params(
        buildAuthorizationUrl(bare, 'https://appleid.apple.com/auth/authorize', {
          ...OPTIONS,
          customScopes: ['email'],
        }),
      ).response_mode,
    ).toBe('form_post');
  });
});
