/** Who signed in, after a full browser-less flow at the fake: OpenID claims, Apple, GitHub's user API, plain OAuth 2.0. */
import { describe, expect, it } from 'vitest';
import { type FakeIdentity, startFakeOpenIdProvider } from '../../../../test/fake-openid-provider.js';
import { authorizedCodeAt, useUpstreamTestbed } from '../../../../test/use-upstream-testbed.js';
import type { AppleUser } from './identity.js';
import type { UpstreamConfig } from './upstream-config.js';

const REDIRECT_URI = 'http://localhost:3000/v1/public/oauth/x/callback';

const { clock, fake, client } = useUpstreamTestbed();

/** Start → fake approves as `identity` → callback → exchange → identity, as the callback route will. */
async function signIn(config: UpstreamConfig, identity?: FakeIdentity) {
  if (identity) fake.nextIdentity(identity);
  const { code, verifier, nonce, params } = await authorizedCodeAt(fake, client, config, REDIRECT_URI);
  const tokens = await client.exchangeCode(config, {
    code,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
  const appleUser = params.user ? (JSON.parse(params.user) as AppleUser) : undefined;
  return { tokens, nonce, ...(appleUser ? { appleUser } : {}) };
}

describe('OpenID providers', () => {
  it('maps the verified ID token claims', async () => {
    const config = fake.config('google');
    const { tokens, nonce } = await signIn(config, {
      sub: '1234567890',
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Brewster Hopper',
      picture: 'https://images.example.com/grace.png',
      locale: 'en-US',
    });
    expect(await client.identityFromTokens(config, tokens, { nonce })).toEqual({
      providerType: 'google',
      issuer: fake.issuer,
      subject: '1234567890',
      email: 'grace@example.com',
      emailVerified: true,
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      pictureUrl: 'https://images.example.com/grace.png',
      locale: 'en-US',
    });
  });

  it('reports an unverified email as unverified, and drops a non-http picture', async () => {
    const config = fake.config('google');
    const { tokens, nonce } = await signIn(config, {
      sub: 's-2',
      email: 'mallory@example.com',
      email_verified: false,
      given_name: 'Mallory',
      picture: 'javascript:alert(1)',
    });
    expect(await client.identityFromTokens(config, tokens, { nonce })).toMatchObject({
      email: 'mallory@example.com',
      emailVerified: false,
      firstName: 'Mallory',
      lastName: null,
      pictureUrl: null,
      locale: null,
    });
  });

  it('refuses tokens without an ID token, and a flow without a nonce', async () => {
    const config = fake.config('google');
    const { tokens } = await signIn(config);
    await expect(
      client.identityFromTokens(config, { access_token: tokens.access_token }, { nonce: 'n' }),
    ).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: 'The identity provider returned no ID token.',
    });
    await expect(client.identityFromTokens(config, tokens)).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
  });

  it('refuses an ID token with a defect from the token endpoint', async () => {
    const config = fake.config('google');
    fake.nextIdTokenDefect('wrong_nonce');
    const { tokens, nonce } = await signIn(config);
    await expect(client.identityFromTokens(config, tokens, { nonce })).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
      status: 400,
    });
    fake.nextIdTokenDefect('wrong_aud');
    const second = await signIn(config);
    await expect(
      client.identityFromTokens(config, second.tokens, { nonce: second.nonce }),
    ).rejects.toMatchObject({
      code: 'oauth_token_invalid',
    });
  });

  it('Apple: takes the name from the posted user field and accepts email_verified "true"', async () => {
    const config = fake.config('apple');
    const { tokens, nonce, appleUser } = await signIn(config, {
      sub: '001234.abcdef',
      email: 'x7@privaterelay.appleid.com',
      email_verified: 'true',
      given_name: 'Katherine',
      family_name: 'Johnson',
    });
    expect(appleUser).toEqual({
      name: { firstName: 'Katherine', lastName: 'Johnson' },
      email: 'x7@privaterelay.appleid.com',
    });
    expect(
      await client.identityFromTokens(config, tokens, { nonce, ...(appleUser ? { appleUser } : {}) }),
    ).toMatchObject({
      providerType: 'apple',
      subject: '001234.abcdef',
      email: 'x7@privaterelay.appleid.com',
      emailVerified: true,
      firstName: 'Katherine',
      lastName: 'Johnson',
    });
  });

  it('Microsoft: the ID token carries the tenant issuer; an email without xms_edov is not verified', async () => {
    const microsoft = await startFakeOpenIdProvider({ clock, issuerStyle: 'microsoft', tenantId: 'contoso' });
    try {
      const config = microsoft.config('microsoft');
      microsoft.nextIdentity({ sub: 'ms-1', email: 'ada@contoso.example', name: 'Ada' });
      const { code, verifier, nonce, callback } = await authorizedCodeAt(
        microsoft,
        client,
        config,
        REDIRECT_URI,
      );
      if (callback.method !== 'GET') throw new Error('expected a redirect');
      const tokens = await client.exchangeCode(config, {
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: verifier,
      });
      expect(await client.identityFromTokens(config, tokens, { nonce })).toMatchObject({
        issuer: `${microsoft.origin}/contoso/v2.0`,
        subject: 'ms-1',
        email: 'ada@contoso.example',
        emailVerified: false,
      });
    } finally {
      await microsoft.close();
    }
  });
});

describe('One Tap: identityFromIdToken', () => {
  it('verifies the credential with the callback id as nonce and maps it', async () => {
    const config = fake.config('google');
    const credential = await fake.mintIdToken({ sub: 'g-1', email: 'ada@example.com', nonce: 'callback-id' });
    await expect(
      client.identityFromIdToken(config, credential, { nonce: 'callback-id' }),
    ).resolves.toMatchObject({
      subject: 'g-1',
      email: 'ada@example.com',
      emailVerified: true,
    });
    await expect(
      client.identityFromIdToken(config, credential, { nonce: 'another-id' }),
    ).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
  });
});

describe('GitHub', () => {
  it('reads /user and the primary verified address from /user/emails', async () => {
    const config = fake.config('github');
    const { tokens } = await signIn(config, {
      sub: '583231',
      name: 'The Octocat',
      picture: 'https://avatars.githubusercontent.com/u/583231',
      githubEmails: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'octo@example.com', primary: true, verified: true },
      ],
    });
    expect(await client.identityFromTokens(config, tokens)).toEqual({
      providerType: 'github',
      issuer: 'https://github.com',
      subject: '583231',
      email: 'octo@example.com',
      emailVerified: true,
      firstName: 'The',
      lastName: 'Octocat',
      pictureUrl: 'https://avatars.githubusercontent.com/u/583231',
      locale: null,
    });
    const [user] = fake.requestsTo('/user');
    expect(user?.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
    expect(user?.headers['user-agent']).toBe('latchkey-provider');
    expect(fake.requestsTo('/user/emails')).toHaveLength(1);
  });

  it('has no email when the primary address is not verified', async () => {
    const config = fake.config('github');
    const { tokens } = await signIn(config, {
      sub: '42',
      githubEmails: [
        { email: 'primary@example.com', primary: true, verified: false },
        { email: 'other@example.com', primary: false, verified: true },
      ],
    });
    expect(await client.identityFromTokens(config, tokens)).toMatchObject({
      subject: '42',
      email: null,
      emailVerified: false,
      firstName: null,
    });
  });

  it('has no email when /user/emails is refused for want of the user:email scope', async () => {
    const config = fake.config('github', { scopes: ['read:user'] });
    const { tokens } = await signIn(config, { sub: '44', email: 'a@example.com', email_verified: true });
    expect(await client.identityFromTokens(config, tokens)).toMatchObject({ subject: '44', email: null });
    expect(fake.requestsTo('/user/emails')).toHaveLength(1);
  });

  it('answers 503 when the user API fails, and 401 for a refused access token', async () => {
    const config = fake.config('github');
    const { tokens } = await signIn(config, { sub: '43', email: 'a@example.com', email_verified: true });
    fake.fail('userinfo', 500);
    await expect(client.identityFromTokens(config, tokens)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    fake.fail('userinfo', null);
    const wrongToken = { access_token: 'not-a-token' };
    await expect(client.identityFromTokens(config, wrongToken)).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: 'GitHub refused the access token when asked who signed in (HTTP 401).',
    });
  });
});

describe('other OAuth 2.0 providers', () => {
  it('reads the userinfo endpoint, with the configured issuer recorded', async () => {
    const config = fake.config('discord', {
      kind: 'oauth2',
      issuer: undefined,
      authorizationEndpoint: `${fake.origin}/authorize`,
      tokenEndpoint: `${fake.origin}/token`,
      userinfoEndpoint: `${fake.origin}/userinfo`,
      scopes: ['identify', 'email'],
    });
    const { tokens } = await signIn(config, {
      sub: 'd-9',
      email: 'd@example.com',
      email_verified: true,
      name: 'Dee',
    });
    expect(await client.identityFromTokens(config, tokens)).toMatchObject({
      providerType: 'discord',
      issuer: fake.origin,
      subject: 'd-9',
      email: 'd@example.com',
      emailVerified: true,
      firstName: 'Dee',
    });
  });
});
