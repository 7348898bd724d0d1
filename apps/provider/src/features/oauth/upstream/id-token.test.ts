/** ID-token verification against the fake OpenID provider over real HTTP: every defect, keys, outages, issuers (SECURITY C5, J6). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeOpenIdProvider,
  ID_TOKEN_DEFECTS,
  type IdTokenDefect,
  startFakeOpenIdProvider,
} from '../../../../test/fake-openid-provider.js';
import { createManualClock, type ManualClock } from '../../../clock.js';
import { cryptoRandom } from '../../../random.js';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.js';

const NONCE = 'nonce-of-this-sign-in-0123456789abcdef';

let clock: ManualClock;
let fake: FakeOpenIdProvider;
let client: UpstreamClient;

/** A client whose JWKS is always stale and may refetch at once, so every outage path is reached. */
const eagerClient = () =>
  createUpstreamClient({
    clock,
    random: cryptoRandom,
    jwksTiming: { cacheMaxAgeMs: 0, cooldownMs: 0 },
  });

beforeEach(async () => {
  clock = createManualClock();
  fake = await startFakeOpenIdProvider({ clock });
  // The production time-out: a busy machine must not turn a slow loopback answer into a 503.
  client = createUpstreamClient({ clock, random: cryptoRandom });
});
afterEach(() => fake.close());

describe('a well-formed ID token', () => {
  it('verifies and returns its claims', async () => {
    const token = await fake.mintIdToken({ sub: 'user-7', nonce: NONCE });
    const claims = await client.verifyIdToken(fake.config('google'), token, { nonce: NONCE });
    expect(claims).toMatchObject({ iss: fake.issuer, sub: 'user-7', aud: fake.clientId, nonce: NONCE });
  });

  it('is accepted up to 60 seconds past exp and refused after', async () => {
    const token = await fake.mintIdToken({ nonce: NONCE });
    clock.advance(3600_000 + 59_000);
    await expect(client.verifyIdToken(fake.config(), token, { nonce: NONCE })).resolves.toMatchObject({
      sub: 'fake-subject-1',
    });
    clock.advance(2_000);
    await expect(client.verifyIdToken(fake.config(), token, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: 'The ID token has expired.',
    });
  });

  it('accepts an iat up to 60 seconds ahead (clock skew)', async () => {
    const token = await fake.mintIdToken({ nonce: NONCE });
    clock.advance(-59_000);
    await expect(client.verifyIdToken(fake.config(), token, { nonce: NONCE })).resolves.toBeDefined();
  });
});

describe('each defect is refused with its own message, never echoing the token', () => {
  const expected: Record<IdTokenDefect, { code: string; status: number; message: RegExp }> = {
    wrong_aud: {
      code: 'oauth_token_invalid',
      status: 401,
      message: /audience is not this project's client id/,
    },
    wrong_iss: { code: 'oauth_token_invalid', status: 401, message: /issuer is not http:\/\/127\.0\.0\.1/ },
    expired: { code: 'oauth_token_invalid', status: 401, message: /has expired/ },
    alg_none: { code: 'oauth_token_invalid', status: 401, message: /algorithm is not accepted/ },
    hs256: { code: 'oauth_token_invalid', status: 401, message: /algorithm is not accepted/ },
    other_key: { code: 'oauth_token_invalid', status: 401, message: /signature does not verify/ },
    unknown_kid: {
      code: 'oauth_token_invalid',
      status: 401,
      message: /key \(kid\) the identity provider does not publish/,
    },
    wrong_nonce: { code: 'oauth_state_mismatch', status: 400, message: /nonce does not match/ },
    future_iat: { code: 'oauth_token_invalid', status: 401, message: /issued in the future/ },
    azp_mismatch: { code: 'oauth_token_invalid', status: 401, message: /authorised party \(azp\)/ },
    no_sub: { code: 'oauth_token_invalid', status: 401, message: /no "sub" claim/ },
  };

  it.each(ID_TOKEN_DEFECTS)('%s', async (defect) => {
    const token = await fake.mintIdToken({ nonce: NONCE }, { defect });
    const error = await client.verifyIdToken(fake.config(), token, { nonce: NONCE }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: expected[defect].code, status: expected[defect].status });
    expect((error as Error).message).toMatch(expected[defect].message);
    expect((error as Error).message).not.toContain(token.split('.')[1]?.slice(0, 20));
  });

  it('refuses a token without a nonce when one is expected', async () => {
    const token = await fake.mintIdToken();
    await expect(client.verifyIdToken(fake.config(), token, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
  });

  it('refuses a token for several audiences without azp', async () => {
    const token = await fake.mintIdToken({
      nonce: NONCE,
      aud: [fake.clientId, 'someone-else'],
      azp: undefined,
    });
    await expect(client.verifyIdToken(fake.config(), token, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: 'The ID token names several audiences but no authorised party (azp).',
    });
  });

  it('refuses something that is not a JWT', async () => {
    await expect(client.verifyIdToken(fake.config(), 'not.a.jwt', { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: 'The ID token is malformed.',
    });
  });
});

describe('signing keys (SECURITY J6)', () => {
  it('refetches the JWKS for a rotated key once the cool-down has passed', async () => {
    client = eagerClient();
    await client.verifyIdToken(fake.config(), await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE });
    await fake.rotateKey();
    const rotated = await fake.mintIdToken({ nonce: NONCE });
    await expect(client.verifyIdToken(fake.config(), rotated, { nonce: NONCE })).resolves.toBeDefined();
    expect(fake.requestsTo('/jwks').length).toBeGreaterThanOrEqual(2);
  });

  it('does not refetch for an unknown kid within the cool-down, and refuses it', async () => {
    await client.verifyIdToken(fake.config(), await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE });
    await fake.rotateKey();
    const rotated = await fake.mintIdToken({ nonce: NONCE });
    await expect(client.verifyIdToken(fake.config(), rotated, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: expect.stringContaining('kid'),
    });
    expect(fake.requestsTo('/jwks')).toHaveLength(1);
  });

  it('keeps verifying with the cached keys while the JWKS is down', async () => {
    client = eagerClient();
    const config = fake.config();
    await client.verifyIdToken(config, await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE });
    for (const failure of [503, 'reset'] as const) {
      fake.fail('jwks', failure);
      const before = fake.requestsTo('/jwks').length;
      await expect(
        client.verifyIdToken(config, await fake.mintIdToken({ sub: 'later', nonce: NONCE }), {
          nonce: NONCE,
        }),
      ).resolves.toMatchObject({ sub: 'later' });
      // The refetch was tried (the cache is stale), failed, and the cached keys answered.
      expect(fake.requestsTo('/jwks').length).toBeGreaterThan(before);
    }
  });

  it('refuses an unknown kid as 401 while the JWKS is down and keys are cached', async () => {
    client = eagerClient();
    const config = fake.config();
    await client.verifyIdToken(config, await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE });
    fake.fail('jwks', 'reset');
    await fake.rotateKey();
    await expect(
      client.verifyIdToken(config, await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE }),
    ).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      status: 401,
    });
  });

  it('answers 503 when the JWKS cannot be fetched and no key was ever cached', async () => {
    const config = fake.config();
    fake.fail('jwks', 'hang');
    // A short time-out only where nothing answers, so waiting it out is the only outcome.
    client = createUpstreamClient({ clock, random: cryptoRandom, timeoutMs: 1000 });
    await expect(
      client.verifyIdToken(config, await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE }),
    ).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 503,
      message: expect.stringContaining('JWKS'),
    });
  });

  it('stops accepting a retired key once the cache is refreshed', async () => {
    client = eagerClient();
    const config = fake.config();
    const old = await fake.mintIdToken({ nonce: NONCE });
    await client.verifyIdToken(config, old, { nonce: NONCE });
    await fake.rotateKey();
    fake.retireOldKeys();
    await expect(client.verifyIdToken(config, old, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
    });
  });

  it('answers 503 when discovery fails before any key is known', async () => {
    fake.fail('discovery', 500);
    await expect(
      client.verifyIdToken(fake.config(), await fake.mintIdToken({ nonce: NONCE }), { nonce: NONCE }),
    ).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});

describe('issuers', () => {
  it("Google also issues 'accounts.google.com' without the scheme", async () => {
    // The fake stands in for Google: configured with Google's real issuer but the fake's endpoints.
    const config = fake.config('google', {
      issuer: 'https://accounts.google.com',
      authorizationEndpoint: `${fake.origin}/authorize`,
      tokenEndpoint: `${fake.origin}/token`,
      jwksUri: `${fake.origin}/jwks`,
    });
    for (const iss of ['https://accounts.google.com', 'accounts.google.com']) {
      const token = await fake.mintIdToken({ iss, nonce: NONCE });
      await expect(client.verifyIdToken(config, token, { nonce: NONCE })).resolves.toMatchObject({ iss });
    }
    const impostor = await fake.mintIdToken({ iss: 'http://accounts.google.com', nonce: NONCE });
    await expect(client.verifyIdToken(config, impostor, { nonce: NONCE })).rejects.toMatchObject({
      code: 'oauth_token_invalid',
    });
  });

  it('other providers accept only the exact issuer', async () => {
    const config = fake.config('gitlab');
    const token = await fake.mintIdToken({ iss: `${fake.issuer}/`, nonce: NONCE });
    await expect(client.verifyIdToken(config, token, { nonce: NONCE })).rejects.toMatchObject({
      message: `The ID token's issuer is not ${fake.issuer}.`,
    });
  });

  it("Microsoft: the discovered {tenantid} template is filled with the token's own tid", async () => {
    const microsoft = await startFakeOpenIdProvider({
      clock,
      issuerStyle: 'microsoft',
      tenantId: 'tenant-a',
    });
    try {
      const config = microsoft.config('microsoft');
      expect(config.issuer).toBe(`${microsoft.origin}/common/v2.0`);
      const good = await microsoft.mintIdToken({ nonce: NONCE });
      await expect(client.verifyIdToken(config, good, { nonce: NONCE })).resolves.toMatchObject({
        iss: `${microsoft.origin}/tenant-a/v2.0`,
        tid: 'tenant-a',
      });
      // Another tenant's token is fine for a multi-tenant app, as long as iss and tid agree.
      const other = await microsoft.mintIdToken({
        iss: `${microsoft.origin}/tenant-b/v2.0`,
        tid: 'tenant-b',
        nonce: NONCE,
      });
      await expect(client.verifyIdToken(config, other, { nonce: NONCE })).resolves.toMatchObject({
        tid: 'tenant-b',
      });
      const mismatched = await microsoft.mintIdToken({
        iss: `${microsoft.origin}/tenant-b/v2.0`,
        nonce: NONCE,
      });
      await expect(client.verifyIdToken(config, mismatched, { nonce: NONCE })).rejects.toMatchObject({
        code: 'oauth_token_invalid',
      });
      const noTid = await microsoft.mintIdToken({ tid: undefined, nonce: NONCE });
      await expect(client.verifyIdToken(config, noTid, { nonce: NONCE })).rejects.toMatchObject({
        code: 'oauth_token_invalid',
      });
    } finally {
      await microsoft.close();
    }
  });

  it('the {tenantid} template is not honoured for other providers', async () => {
    const microsoft = await startFakeOpenIdProvider({ clock, issuerStyle: 'microsoft' });
    try {
      await expect(
        client.verifyIdToken(microsoft.config('gitlab'), await microsoft.mintIdToken({ nonce: NONCE }), {
          nonce: NONCE,
        }),
      ).rejects.toMatchObject({
        code: 'service_unavailable',
        message: expect.stringContaining('names the issuer'),
      });
    } finally {
      await microsoft.close();
    }
  });

  it('refuses to verify for an OAuth 2.0 (no ID token) configuration', async () => {
    await expect(
      client.verifyIdToken(fake.config('github'), await fake.mintIdToken(), {}),
    ).rejects.toMatchObject({
      code: 'oauth_token_invalid',
      message: expect.stringContaining('not configured as an OpenID provider'),
    });
  });
});
