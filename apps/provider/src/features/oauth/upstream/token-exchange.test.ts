/** The code exchange against the fake OpenID provider over real HTTP: success, refusals, outages, Apple's secret. */
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { authorizedCodeAt, useUpstreamTestbed } from '../../../../test/use-upstream-testbed.js';
import { cryptoRandom } from '../../../random.js';
import { createUpstreamClient } from './upstream-client.js';
import type { UpstreamConfig } from './upstream-config.js';

const REDIRECT_URI = 'http://localhost:3000/v1/public/oauth/google/callback';

const { clock, fake, client } = useUpstreamTestbed();

/** Runs the browser's part: start at the fake, come back with a code. */
const authorizedCode = (config: UpstreamConfig, redirectUri = REDIRECT_URI) =>
  authorizedCodeAt(fake, client, config, redirectUri);

/** Redeems a code at the token endpoint as the callback route does: the start's redirect URI and verifier. */
const redeem = (
  config: UpstreamConfig,
  { code, verifier }: { code: string; verifier: string },
  upstream = client,
) => upstream.exchangeCode(config, { code, redirectUri: REDIRECT_URI, codeVerifier: verifier });

describe('exchangeCode', () => {
  it('redeems the code with PKCE and client_secret_post and returns the tokens', async () => {
    const config = fake.config('google');
    const { code, verifier } = await authorizedCode(config);
    const tokens = await redeem(config, { code, verifier });

    expect(tokens).toEqual({
      access_token: expect.any(String),
      id_token: expect.any(String),
      refresh_token: expect.any(String),
      scopes: ['openid', 'email', 'profile'],
      expires_at: new Date(clock.now().getTime() + 3600_000).toISOString(),
    });
    const [request] = fake.requestsTo('/token');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.form).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
  });

  it('refuses a replayed code as oauth_token_invalid', async () => {
    const config = fake.config();
    const { code, verifier } = await authorizedCode(config);
    await redeem(config, { code, verifier });
    await expect(redeem(config, { code, verifier })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      status: 401,
      message: expect.stringContaining('(invalid_grant)'),
    });
  });

  it('refuses a wrong PKCE verifier, a different redirect_uri and a wrong client secret', async () => {
    const config = fake.config();
    const first = await authorizedCode(config);
    await expect(
      client.exchangeCode(config, {
        code: first.code,
        redirectUri: REDIRECT_URI,
        codeVerifier: client.randomValue(),
      }),
    ).rejects.toMatchObject({ code: 'oauth_token_invalid' });
    const second = await authorizedCode(config);
    await expect(
      client.exchangeCode(config, {
        code: second.code,
        redirectUri: `${REDIRECT_URI}x`,
        codeVerifier: second.verifier,
      }),
    ).rejects.toMatchObject({ code: 'oauth_token_invalid' });
    const third = await authorizedCode(config);
    await expect(redeem({ ...config, clientSecret: 'wrong' }, third)).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: expect.stringContaining('(invalid_client)'),
    });
  });

  it.each([500, 502, 503])(
    'answers 503 service_unavailable when the token endpoint answers %i',
    async (status) => {
      const config = fake.config();
      const { code, verifier } = await authorizedCode(config);
      fake.fail('token', status);
      await expect(redeem(config, { code, verifier })).rejects.toMatchObject({
        code: 'service_unavailable',
        status: 503,
        message: `The identity provider's token endpoint answered HTTP ${status}. Try again shortly.`,
      });
    },
  );

  it('answers 503 when the token endpoint does not answer in time or resets the connection', async () => {
    const config = fake.config();
    const { code, verifier } = await authorizedCode(config);
    fake.fail('token', 'hang');
    // A short time-out only where nothing answers, so waiting it out is the only outcome.
    const impatient = createUpstreamClient({ clock, random: cryptoRandom, timeoutMs: 500 });
    await expect(redeem(config, { code, verifier }, impatient)).rejects.toMatchObject({
      code: 'service_unavailable',
      message: "The identity provider's token endpoint did not answer within 0.5 seconds. Try again shortly.",
    });
    fake.fail('token', 'reset');
    await expect(redeem(config, { code, verifier })).rejects.toMatchObject({
      code: 'service_unavailable',
      message: "The identity provider's token endpoint could not be reached. Try again shortly.",
    });
  });

  it('answers 503 when nothing listens at the token endpoint', async () => {
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused.
    const config = fake.config('google', { tokenEndpoint: 'http://127.0.0.1:9/token' });
    await expect(
      client.exchangeCode(config, {
        code: 'code',
        redirectUri: REDIRECT_URI,
        codeVerifier: client.randomValue(),
      }),
    ).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('could not be reached'),
    });
  });

  it("treats GitHub's 200 answer with an error field as a refusal, and reads its comma-separated scopes", async () => {
    const config = fake.config('github');
    const { code, verifier } = await authorizedCode(config);
    const tokens = await redeem(config, { code, verifier });
    expect(tokens).toEqual({ access_token: expect.any(String), scopes: ['read:user', 'user:email'] });
    await expect(redeem(config, { code, verifier })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: expect.stringContaining('(bad_verification_code)'),
    });
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT by the team key that Apple (the fake) accepts and its public key verifies', async () => {
    const config = fake.config('apple');
    const { code, verifier, callback } = await authorizedCode(config);
    // Apple answers name/email scopes by posting the form, with the unsigned user JSON.
    expect(callback.method).toBe('POST');
    const tokens = await redeem(config, { code, verifier });
    expect(tokens.id_token).toEqual(expect.any(String));

    const secret = fake.requestsTo('/token')[0]?.form?.client_secret as string;
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: fake.appleSigningKey.keyId });
    const { payload } = await jwtVerify(secret, fake.applePublicKey, { currentDate: clock.now() });
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(payload).toEqual({
      iss: fake.appleSigningKey.teamId,
      sub: fake.clientId,
      aud: fake.issuer,
      iat: now,
      exp: now + 300,
    });
  });
});
