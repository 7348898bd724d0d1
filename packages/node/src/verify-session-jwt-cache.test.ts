/** The verified-token cache, and `verifySessionJwtFromCache`, its answer without a promise. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson } from '../test/helpers/http-test-server.js';
import { givenSigningKey, sessionClaims, signJwt } from '../test/helpers/session-jwt-factory.js';
import { useJwksTestServer } from '../test/helpers/use-jwks-test-server.js';
import { checkJwsSignature } from './internal/check-jws-signature.js';

// Counts signature checks, so a test can tell a cache hit (no check) from a full verification.
vi.mock('./internal/check-jws-signature.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./internal/check-jws-signature.js')>();
  return { checkJwsSignature: vi.fn(original.checkJwsSignature) };
});
const signatureChecks = vi.mocked(checkJwsSignature);

const projectId = 'project-test-00000000-0000-4000-8000-000000000002';
const issuedAt = new Date('2030-01-01T00:00:30Z');

/** The clock every client here reads; tests move it. */
let now: Date;
const jwtServer = useJwksTestServer(projectId, () => now);

beforeEach(() => {
  now = issuedAt;
  signatureChecks.mockClear();
});

const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

/**
 * A client that has verified a token once, and whose JWKS every call sees as stale and refetches
 * (jwksCacheMaxAgeMs 0), as after the 10-minute default.
 */
async function verifiedWithStaleJwks() {
  const client = jwtServer.givenClient([jwtServer.currentKey], { jwksCacheMaxAgeMs: 0 });
  const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
  expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
  return { client, jwt };
}

describe('verifySessionJwt with the verified-token cache', () => {
  it('answers a repeated token from the cache with the same claims, without checking the signature again', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt, { plan: 'pro' }));

    const first = await client.verifySessionJwt(jwt);
    const second = await client.verifySessionJwt(jwt);

    expect(first.ok).toBe(true);
    expect(second).toEqual(first);
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    expect(jwtServer.jwksFetches()).toBe(1);
  });

  it('hands out deeply frozen results, on a miss and on a hit, so no caller can change what a later call returns', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt, { plan: 'pro' }));
    const first = await client.verifySessionJwt(jwt);
    const second = await client.verifySessionJwt(jwt);
    if (!first.ok || !second.ok) throw new Error('expected a verified token');

    for (const result of [first, second]) {
      for (const value of [
        result,
        result.claims,
        result.claims['https://stytch.com/session'],
        result.claims['https://stytch.com/session'].authentication_factors[0],
        result.session,
        result.session.attributes,
        result.session.authentication_factors,
        result.session.custom_claims,
      ]) {
        expect(Object.isFrozen(value)).toBe(true);
      }
      // ES modules are strict: a write to a frozen object throws rather than passing silently.
      expect(() => {
        (result.claims as { sub: string }).sub = 'user-test-intruder';
      }).toThrow(TypeError);
      expect(() => (result.session.authentication_factors as unknown[]).pop()).toThrow(TypeError);
    }
    const third = await client.verifySessionJwt(jwt);
    expect(third).toMatchObject({ ok: true, userId: 'user-test-0001', claims: { sub: 'user-test-0001' } });
    if (third.ok) expect(third.session.authentication_factors).toHaveLength(1);
  });

  it('hands out frozen results with the cache off too, so code behaves the same either way', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { verifiedTokenCacheMaxEntries: 0 });
    const result = await client.verifySessionJwt(
      await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt)),
    );
    if (!result.ok) throw new Error('expected a verified token');
    expect(Object.isFrozen(result.claims)).toBe(true);
    expect(Object.isFrozen(result.session.authentication_factors)).toBe(true);
  });

  it('refuses a cached token once it has expired, with the clock as the only change', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt)); // exp = iat + 300
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });

    now = later(304); // within the 5 s leeway
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    now = later(305);
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'jwt_expired' } });
    expect(await client.verifySessionJwt(jwt, { clockToleranceSeconds: 30 })).toMatchObject({ ok: true });
  });

  it('applies nbf and maxTokenAgeSeconds to a cached token on every call', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });

    now = later(120);
    expect(await client.verifySessionJwt(jwt, { maxTokenAgeSeconds: 60 })).toMatchObject({
      ok: false,
      error: { code: 'jwt_too_old' },
    });
    now = later(-60); // a clock set back: nbf is ahead again
    expect(await client.verifySessionJwt(jwt)).toMatchObject({
      ok: false,
      error: { code: 'jwt_not_yet_valid' },
    });
  });

  it('refuses a token with a forged signature even when a token with the same header and payload is cached', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const claims = sessionClaims(projectId, issuedAt);
    const genuine = await signJwt(jwtServer.currentKey, claims);
    expect(await client.verifySessionJwt(genuine)).toMatchObject({ ok: true });

    const impostor = await givenSigningKey(jwtServer.currentKey.kid);
    const forged = await signJwt(impostor, claims);
    const [genuineHeader, genuinePayload] = genuine.split('.');
    expect(forged.split('.').slice(0, 2)).toEqual([genuineHeader, genuinePayload]);
    const flipped = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BA' : 'AA'}`;

    for (const jwt of [forged, flipped]) {
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
    }
    // And a refusal is not remembered as anything: the genuine token still passes, the forged one still fails.
    expect(await client.verifySessionJwt(genuine)).toMatchObject({ ok: true });
    expect(await client.verifySessionJwt(forged)).toMatchObject({
      ok: false,
      error: { code: 'invalid_jwt' },
    });
  });

  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    {
      part: 'payload',
      alter: ([header, , signature]: string[]) =>
        `${header}.${encoded(sessionClaims(projectId, issuedAt, { sub: 'user-test-intruder' }))}.${signature}`,
    },
    {
      part: 'header',
      alter: ([, payload, signature]: string[]) =>
        `${encoded({ alg: 'ES256', kid: jwtServer.currentKey.kid, typ: 'JWS' })}.${payload}.${signature}`,
    },
  ])('refuses a cached token whose $part was altered under its original signature', async ({ alter }) => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const genuine = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(genuine)).toMatchObject({ ok: true });

    const result = await client.verifySessionJwt(alter(genuine.split('.')));

    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
  });

  it('never answers from the cache for a token one character away from a cached one, anywhere before its signature', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const genuine = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(genuine)).toMatchObject({ ok: true });
    const signatureStart = genuine.lastIndexOf('.') + 1;
    signatureChecks.mockClear();

    // Every such variant keeps the signature, so it lands in the cached token's slot.
    let variants = 0;
    for (let index = 0; index < signatureStart - 1; index += 3) {
      if (genuine[index] === '.') continue;
      const replacement = genuine[index] === 'A' ? 'B' : 'A';
      const variant = `${genuine.slice(0, index)}${replacement}${genuine.slice(index + 1)}`;
      expect(await client.verifySessionJwt(variant)).toMatchObject({ ok: false });
      variants += 1;
    }
    expect(variants).toBeGreaterThan(100);
    expect(await client.verifySessionJwt(genuine)).toMatchObject({ ok: true });
  });

  it('answers a repeated token with one shared, frozen, already settled promise', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    const first = await client.verifySessionJwt(jwt);
    // The first hit also records that the JWKS it fetched has settled; from then on it is the hot path.
    expect(await client.verifySessionJwt(jwt)).toBe(first);

    const hit = client.verifySessionJwt(jwt);
    // A copy of the token made at run time, as each request's header is, gets the same answer.
    const copy = client.verifySessionJwt(Buffer.from(jwt).toString());

    expect(hit).toBe(copy);
    expect(Object.isFrozen(hit)).toBe(true);
    expect(await hit).toBe(first);
  });

  it('keeps at most verifiedTokenCacheMaxEntries tokens, dropping one not used lately', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { verifiedTokenCacheMaxEntries: 2 });
    const tokens = await Promise.all(
      ['a', 'b', 'c'].map((jti) =>
        signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt, { jti })),
      ),
    );
    const [a, b, c] = tokens as [string, string, string];
    for (const jwt of [a, b, a, c]) expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    expect(signatureChecks).toHaveBeenCalledTimes(3); // a, b, c; the second a was a hit

    signatureChecks.mockClear();
    for (const jwt of [a, c]) await client.verifySessionJwt(jwt); // still cached
    expect(signatureChecks).not.toHaveBeenCalled();
    await client.verifySessionJwt(b); // evicted when c came in: a had been used since, b had not
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it('checks every call in full when verifiedTokenCacheMaxEntries is 0', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { verifiedTokenCacheMaxEntries: 0 });
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    for (let call = 0; call < 3; call += 1)
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    expect(signatureChecks).toHaveBeenCalledTimes(3);
  });

  it('stops serving a cached token once its key leaves the JWKS, when the refetched set no longer has it', async () => {
    const { client, jwt } = await verifiedWithStaleJwks();
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });

    jwtServer.jwks.publish([await givenSigningKey('key-2')]); // key-1 revoked

    expect(await client.verifySessionJwt(jwt)).toMatchObject({
      ok: false,
      error: { code: 'jwks_no_matching_key' },
    });
  });

  it('fails closed for a cached token when the JWKS is due for a refetch and the provider cannot answer', async () => {
    const { client, jwt } = await verifiedWithStaleJwks();

    jwtServer.server.handle = (_request, response) =>
      sendJson(response, 500, { error_type: 'internal_server_error' });

    expect(await client.verifySessionJwt(jwt)).toMatchObject({
      ok: false,
      error: { code: 'jwks_unavailable' },
    });
  });

  it('re-verifies a cached token when its kid now names different key material', async () => {
    const { client, jwt } = await verifiedWithStaleJwks();

    jwtServer.jwks.publish([await givenSigningKey(jwtServer.currentKey.kid)]);

    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
  });

  it('still refetches the JWKS for an unknown kid after tokens were cached, and accepts the rotated key', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { jwksCooldownMs: 0 });
    const old = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(old)).toMatchObject({ ok: true });
    const rotated = await givenSigningKey('key-2');
    jwtServer.jwks.publish([jwtServer.currentKey, rotated]);

    const fresh = await signJwt(rotated, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(fresh)).toMatchObject({ ok: true });
    expect(await client.verifySessionJwt(old)).toMatchObject({ ok: true });
    expect(jwtServer.jwksFetches()).toBe(2);
  });

  it('verifies and caches RS256 tokens too, and refuses one signed by another RSA key', async () => {
    const rsaKey = await givenSigningKey('rsa-1', 'RS256');
    const client = jwtServer.givenClient([rsaKey]);
    const jwt = await signJwt(rsaKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    expect(signatureChecks).toHaveBeenCalledTimes(1);

    const impostor = await givenSigningKey('rsa-1', 'RS256');
    const forged = await signJwt(impostor, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(forged)).toMatchObject({
      ok: false,
      error: { code: 'invalid_jwt' },
    });
    // Two 2048-bit RSA key generations take seconds on a loaded machine: a hang detector, not a speed limit.
  }, 120_000);

  it('leaves tokens with a crit header to jose, which refuses an unknown extension', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    // Signed by hand: jose will not sign an extension it does not know either.
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = encode({ alg: 'ES256', kid: jwtServer.currentKey.kid, crit: ['exp-ext'], 'exp-ext': 1 });
    const signingInput = `${header}.${encode(sessionClaims(projectId, issuedAt))}`;
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      jwtServer.currentKey.privateKey,
      new TextEncoder().encode(signingInput),
    );
    const jwt = `${signingInput}.${Buffer.from(signature).toString('base64url')}`;

    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
    expect(signatureChecks).not.toHaveBeenCalled();
  });
});

/** A client that has verified `jwt` and seen its JWKS settle, so a repeat is a hit. */
async function givenVerified(jwt: string, options: Parameters<typeof jwtServer.givenClient>[1] = {}) {
  const client = jwtServer.givenClient([jwtServer.currentKey], options);
  const first = await client.verifySessionJwt(jwt);
  await client.verifySessionJwt(jwt);
  return { client, first };
}

describe('verifySessionJwtFromCache', () => {
  it("returns the awaited call's frozen result, without a promise or a signature check, for a token verified before", async () => {
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt, { plan: 'pro' }));
    const { client, first } = await givenVerified(jwt);
    signatureChecks.mockClear();

    const hit = client.verifySessionJwtFromCache(Buffer.from(jwt).toString());

    expect(hit).toBe(first);
    expect(hit).toMatchObject({ ok: true, userId: 'user-test-0001', customClaims: { plan: 'pro' } });
    expect(Object.isFrozen(hit)).toBe(true);
    expect(signatureChecks).not.toHaveBeenCalled();
  });

  it('returns undefined for a token this client never verified, so it is never a way around the check', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));

    expect(client.verifySessionJwtFromCache(jwt)).toBeUndefined();
    expect(client.verifySessionJwtFromCache(undefined)).toBeUndefined();
    expect(client.verifySessionJwtFromCache('')).toBeUndefined();
  });

  it('returns undefined for a token that differs in one character from a cached one, or is signed by another key', async () => {
    const claims = sessionClaims(projectId, issuedAt);
    const genuine = await signJwt(jwtServer.currentKey, claims);
    const { client } = await givenVerified(genuine);
    const forged = await signJwt(await givenSigningKey(jwtServer.currentKey.kid), claims);
    const flipped = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BA' : 'AA'}`;

    for (const jwt of [forged, flipped]) {
      expect(client.verifySessionJwtFromCache(jwt)).toBeUndefined();
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
    }
  });

  it('returns undefined once the token has expired or is too old for the options, and verifySessionJwt then refuses it', async () => {
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt)); // exp = iat + 300
    const { client } = await givenVerified(jwt);

    now = later(120);
    expect(client.verifySessionJwtFromCache(jwt, { maxTokenAgeSeconds: 60 })).toBeUndefined();
    expect(client.verifySessionJwtFromCache(jwt)).toMatchObject({ ok: true });
    now = later(304); // within the 5 s leeway
    expect(client.verifySessionJwtFromCache(jwt)).toMatchObject({ ok: true });
    now = later(305);
    expect(client.verifySessionJwtFromCache(jwt)).toBeUndefined();
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'jwt_expired' } });
  });

  it('returns undefined for bad options rather than throwing, leaving the refusal to verifySessionJwt', async () => {
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    const { client } = await givenVerified(jwt);

    expect(client.verifySessionJwtFromCache(jwt, { clockToleranceSeconds: 31 })).toBeUndefined();
    await expect(client.verifySessionJwt(jwt, { clockToleranceSeconds: 31 })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });

  it('returns undefined while the key set may have changed, so a key dropped from the JWKS stops the token at once', async () => {
    // jwksCacheMaxAgeMs 0: the JWKS is always due for a refetch, so no hit can vouch for the key.
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    const { client } = await givenVerified(jwt, { jwksCacheMaxAgeMs: 0 });

    expect(client.verifySessionJwtFromCache(jwt)).toBeUndefined();
    jwtServer.jwks.publish([await givenSigningKey('key-2')]);
    expect(await client.verifySessionJwt(jwt)).toMatchObject({
      ok: false,
      error: { code: 'jwks_no_matching_key' },
    });
  });

  it('always returns undefined with the cache off', async () => {
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    const { client } = await givenVerified(jwt, { verifiedTokenCacheMaxEntries: 0 });

    expect(client.verifySessionJwtFromCache(jwt)).toBeUndefined();
  });
});
