/**
 * An OpenID sign-in whose ID token leaves the address or name out: when userinfo is asked, how
 * its answer combines with the ID token, and every way it can be refused (Core §5.3, §5.4).
 */
import { describe, expect, it } from 'vitest';
import type { FakeIdentity } from '../../../../test/fake-openid-provider.js';
import { authorizedCodeAt, useUpstreamTestbed } from '../../../../test/use-upstream-testbed.js';
import { cryptoRandom } from '../../../random.js';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.js';

const REDIRECT_URI = 'http://localhost:3000/v1/public/oauth/x/callback';

const { clock, fake, client } = useUpstreamTestbed();

/** The whole exchange at the fake as `identity` (through `upstream`), then who signed in (or the refusal). */
async function identityOf(
  identity: FakeIdentity,
  providerType = 'gitlab',
  upstream: UpstreamClient = client,
) {
  const config = fake.config(providerType, { issuer: fake.issuer });
  fake.nextIdentity(identity);
  const { code, verifier, nonce, callback } = await authorizedCodeAt(fake, upstream, config, REDIRECT_URI);
  if (callback.method !== 'GET') throw new Error('expected a redirect');
  const tokens = await upstream.exchangeCode(config, {
    code,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
  return { tokens, read: () => upstream.identityFromTokens(config, tokens, { nonce }) };
}

const GRACE: FakeIdentity = {
  sub: 'grace-1',
  email: 'grace@example.com',
  email_verified: true,
  name: 'Grace Hopper',
  picture: 'https://images.example.com/grace.png',
  locale: 'en-US',
};

describe('when userinfo is asked', () => {
  it('not when the ID token has the address, its verification and a name (Google and most others)', async () => {
    await expect((await identityOf(GRACE)).read()).resolves.toMatchObject({ email: 'grace@example.com' });
    expect(fake.requestsTo('/userinfo')).toHaveLength(0);
  });

  it('not for Microsoft, whose ID token never has email_verified', async () => {
    const { read } = await identityOf(
      { sub: 'ms-1', email: 'ada@contoso.example', name: 'Ada' },
      'microsoft',
    );
    await expect(read()).resolves.toMatchObject({ email: 'ada@contoso.example', emailVerified: false });
    expect(fake.requestsTo('/userinfo')).toHaveLength(0);
  });

  it('when the ID token has only sub: every profile claim comes from userinfo, asked with the access token', async () => {
    const { tokens, read } = await identityOf({ ...GRACE, profileIn: 'userinfo' });
    await expect(read()).resolves.toEqual({
      providerType: 'gitlab',
      issuer: fake.issuer,
      subject: 'grace-1',
      email: 'grace@example.com',
      emailVerified: true,
      firstName: 'Grace',
      lastName: 'Hopper',
      pictureUrl: 'https://images.example.com/grace.png',
      locale: 'en-US',
    });
    const [request] = fake.requestsTo('/userinfo');
    expect(request?.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
    expect(request?.query).toEqual({});
  });

  it('when userinfo_endpoint is missing from discovery: the ID token alone, without an address', async () => {
    fake.omitUserinfoFromDiscovery(true);
    const { read } = await identityOf({ ...GRACE, profileIn: 'userinfo' });
    await expect(read()).resolves.toMatchObject({ subject: 'grace-1', email: null, firstName: null });
    expect(fake.requestsTo('/userinfo')).toHaveLength(0);
  });
});

describe('how the answers combine', () => {
  it('the ID token wins where both have a claim; userinfo fills the rest', async () => {
    const { read } = await identityOf({
      sub: 'ada-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      userinfoOverrides: {
        email_verified: true,
        name: 'Somebody Else',
        locale: 'fr-FR',
        picture: 'https://images.example.com/from-userinfo.png',
      },
    });
    await expect(read()).resolves.toMatchObject({
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'fr-FR',
      pictureUrl: 'https://images.example.com/from-userinfo.png',
    });
  });

  it("userinfo's email_verified never vouches for an address the ID token named differently", async () => {
    const { read } = await identityOf({
      sub: 'ada-2',
      email: 'ada@example.com',
      name: 'Ada',
      userinfoOverrides: { email: 'someone-else@example.com', email_verified: true },
    });
    await expect(read()).resolves.toMatchObject({ email: 'ada@example.com', emailVerified: false });
  });

  it('email_verified as the strings "true" and "false"', async () => {
    const verified = await identityOf({
      ...GRACE,
      sub: 's-true',
      email_verified: 'true',
      profileIn: 'userinfo',
    });
    await expect(verified.read()).resolves.toMatchObject({ emailVerified: true });
    const unverified = await identityOf({
      ...GRACE,
      sub: 's-false',
      email_verified: 'false',
      profileIn: 'userinfo',
    });
    await expect(unverified.read()).resolves.toMatchObject({
      email: 'grace@example.com',
      emailVerified: false,
    });
  });
});

describe('refusals', () => {
  it('a userinfo sub other than the ID token sub, or none, is 401 oauth_token_invalid (Core §5.3.2)', async () => {
    const other = await identityOf({
      ...GRACE,
      profileIn: 'userinfo',
      userinfoOverrides: { sub: 'mallory-1' },
    });
    await expect(other.read()).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message:
        "The identity provider's userinfo answer is about another account (sub) than its ID token, so the sign-in was refused.",
    });
    const none = await identityOf({ ...GRACE, profileIn: 'userinfo', userinfoOverrides: { sub: undefined } });
    await expect(none.read()).rejects.toMatchObject({ code: 'oauth_token_invalid' });
  });

  it.each([
    [
      500,
      'service_unavailable',
      "The identity provider's userinfo endpoint answered HTTP 500. Try again shortly.",
    ],
    [
      401,
      'oauth_token_invalid',
      'The identity provider refused the access token at its userinfo endpoint (HTTP 401).',
    ],
    [
      'hang',
      'service_unavailable',
      "The identity provider's userinfo endpoint did not answer within 2 seconds. Try again shortly.",
    ],
    [
      'reset',
      'service_unavailable',
      "The identity provider's userinfo endpoint could not be reached. Try again shortly.",
    ],
  ] as const)('userinfo failing with %s → %s', async (failure, code, message) => {
    fake.fail('userinfo', failure);
    // Only the hanging userinfo call has to wait a time-out out; 2 s keeps the test short.
    const upstream =
      failure === 'hang' ? createUpstreamClient({ clock, random: cryptoRandom, timeoutMs: 2000 }) : client;
    const { read } = await identityOf({ ...GRACE, profileIn: 'userinfo' }, 'gitlab', upstream);
    await expect(read()).rejects.toMatchObject({ code, message });
  });
});

describe('a userinfo answer as a JWT (application/jwt)', () => {
  it('signed by the issuer for this client: verified with its JWKS and used', async () => {
    const { read } = await identityOf({ ...GRACE, profileIn: 'userinfo', userinfoAs: 'jwt' });
    await expect(read()).resolves.toMatchObject({ email: 'grace@example.com', emailVerified: true });
  });

  it.each([
    [
      'jwt_forged',
      "The identity provider's signed userinfo answer does not verify with the identity provider's keys.",
    ],
    [
      'jwt_wrong_iss',
      "The identity provider's signed userinfo answer names another issuer than the ID token.",
    ],
    [
      'jwe',
      "The identity provider's userinfo answer is encrypted (JWE), which is not supported: turn off userinfo encryption for this client at the identity provider.",
    ],
  ] as const)('%s → 401 oauth_token_invalid', async (userinfoAs, message) => {
    const { read } = await identityOf({ ...GRACE, profileIn: 'userinfo', userinfoAs });
    await expect(read()).rejects.toMatchObject({ code: 'oauth_token_invalid', message });
  });
});
