/** validateUpstreamConfig: presets, overrides, and every refusal with its message. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UpstreamConfigInput, validateUpstreamConfig } from './upstream-config.js';

const pem = (type: 'ec' | 'rsa', namedCurve = 'prime256v1') =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve })
    : generateKeyPairSync('rsa', { modulusLength: 2048 })
  ).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
const APPLE_KEY = { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKeyPem: pem('ec') };

const base = (input: Partial<UpstreamConfigInput>): UpstreamConfigInput => ({
  providerType: 'google',
  clientId: 'client-1',
  clientSecret: 'secret-1',
  ...input,
});

const refusal = (input: Partial<UpstreamConfigInput>) => {
  const result = validateUpstreamConfig(base(input));
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
};

describe('presets', () => {
  it('google: issuer and scopes from the preset', () => {
    expect(validateUpstreamConfig(base({}))).toEqual({
      ok: true,
      config: {
        providerType: 'google',
        kind: 'oidc',
        clientId: 'client-1',
        clientSecret: 'secret-1',
        issuer: 'https://accounts.google.com',
        scopes: ['openid', 'email', 'profile'],
      },
    });
  });

  it('microsoft: the multi-tenant issuer', () => {
    expect(validateUpstreamConfig(base({ providerType: 'microsoft' }))).toMatchObject({
      ok: true,
      config: { kind: 'oidc', issuer: 'https://login.microsoftonline.com/common/v2.0' },
    });
  });

  it('github: OAuth 2.0 endpoints and scopes', () => {
    expect(validateUpstreamConfig(base({ providerType: 'github' }))).toEqual({
      ok: true,
      config: {
        providerType: 'github',
        kind: 'oauth2',
        clientId: 'client-1',
        clientSecret: 'secret-1',
        authorizationEndpoint: 'https://github.com/login/oauth/authorize',
        tokenEndpoint: 'https://github.com/login/oauth/access_token',
        userinfoEndpoint: 'https://api.github.com/user',
        scopes: ['read:user', 'user:email'],
      },
    });
  });

  it('apple: its key instead of a secret, name and email scopes', () => {
    expect(
      validateUpstreamConfig(base({ providerType: 'apple', clientSecret: undefined, apple: APPLE_KEY })),
    ).toEqual({
      ok: true,
      config: {
        providerType: 'apple',
        kind: 'oidc',
        clientId: 'client-1',
        clientSecret: '',
        issuer: 'https://appleid.apple.com',
        scopes: ['name', 'email'],
        apple: APPLE_KEY,
      },
    });
  });

  it('every preset value can be overridden; scopes replace the preset and are de-duplicated', () => {
    expect(
      validateUpstreamConfig(
        base({
          issuer: 'http://127.0.0.1:4700',
          scopes: ['openid', 'email', 'openid'],
          jwksUri: 'http://localhost:1/jwks',
        }),
      ),
    ).toMatchObject({
      ok: true,
      config: {
        issuer: 'http://127.0.0.1:4700',
        jwksUri: 'http://localhost:1/jwks',
        scopes: ['openid', 'email'],
      },
    });
  });

  it('a provider without a preset works with an issuer (oidc) or with three endpoints (oauth2)', () => {
    expect(
      validateUpstreamConfig(base({ providerType: 'gitlab', issuer: 'https://gitlab.com' })),
    ).toMatchObject({
      ok: true,
      config: { kind: 'oidc', issuer: 'https://gitlab.com', scopes: ['openid', 'email', 'profile'] },
    });
    expect(
      validateUpstreamConfig(
        base({
          providerType: 'discord',
          authorizationEndpoint: 'https://discord.com/oauth2/authorize',
          tokenEndpoint: 'https://discord.com/api/oauth2/token',
          userinfoEndpoint: 'https://discord.com/api/users/@me',
          scopes: ['identify', 'email'],
        }),
      ),
    ).toMatchObject({ ok: true, config: { kind: 'oauth2', scopes: ['identify', 'email'] } });
  });

  it('an IPv6 loopback issuer may use http', () => {
    expect(validateUpstreamConfig(base({ issuer: 'http://[::1]:4700' }))).toMatchObject({ ok: true });
  });
});

describe('refusals', () => {
  it.each([
    [{ providerType: 'myspace' }, 'Unknown provider "myspace". Use one of: google, microsoft, apple, github'],
    [{ clientId: '' }, 'The client id must be 1–512 printable characters without spaces.'],
    [{ clientId: 'has space' }, 'The client id must be'],
    [{ clientSecret: '' }, 'The client secret is required.'],
    [
      { issuer: 'http://accounts.example.com' },
      'The issuer must use https:// (http:// is accepted only on localhost, 127.0.0.1 and [::1]).',
    ],
    [{ issuer: 'http://127.0.0.2' }, 'The issuer must use https://'],
    [{ issuer: 'ftp://example.com' }, 'The issuer must be an https:// URL.'],
    [{ issuer: 'accounts.google.com' }, 'The issuer is not an absolute URL: accounts.google.com'],
    [{ issuer: 'https://example.com/' }, 'The issuer must have no query string and no trailing slash.'],
    [{ issuer: 'https://example.com?x=1' }, 'The issuer must have no query string and no trailing slash.'],
    [
      { tokenEndpoint: 'https://u:p@example.com/token' },
      'The token endpoint must not carry a user name or password.',
    ],
    [{ jwksUri: 'https://example.com/jwks#keys' }, 'The JWKS URI must not have a #fragment.'],
    [{ userinfoEndpoint: 'http://example.com/me' }, 'The userinfo endpoint must use https://'],
    [{ providerType: 'gitlab' }, 'gitlab has no preset: give --issuer'],
    [
      {
        providerType: 'gitlab',
        authorizationEndpoint: 'https://g/a',
        tokenEndpoint: 'https://g/t',
        jwksUri: 'https://g/j',
      },
      'gitlab has no preset: give --issuer',
    ],
    [
      { providerType: 'slack', kind: 'oauth2' as const, authorizationEndpoint: 'https://s/a' },
      'or --authorization-endpoint, --token-endpoint and --userinfo-endpoint for OAuth 2.0.',
    ],
    [
      { providerType: 'github', jwksUri: 'https://g/j', kind: 'oauth2' as const },
      'An OAuth 2.0 provider without ID tokens takes no JWKS URI.',
    ],
    [{ scopes: ['openid', 'has space'] }, 'The scope "has space" is not a valid scope token'],
    [{ scopes: ['email'] }, 'An OpenID provider needs the "openid" scope'],
    [{ apple: APPLE_KEY }, 'Only the apple provider takes an Apple team id, key id and private key.'],
    [{ providerType: 'apple' }, 'Apple needs its signing key'],
    [
      { providerType: 'apple', apple: { ...APPLE_KEY, privateKeyPem: 'not a key' } },
      'The Apple private key file is not a PEM private key',
    ],
    [
      { providerType: 'apple', apple: { ...APPLE_KEY, privateKeyPem: pem('ec', 'secp384r1') } },
      'The Apple private key must be an EC P-256 key',
    ],
    [{ providerType: 'apple', apple: { ...APPLE_KEY, teamId: '' } }, 'The Apple team id must be'],
  ] as Array<[Partial<UpstreamConfigInput>, string]>)('%o → %s', (input, message) => {
    expect(refusal(input)).toContain(message);
  });
});
