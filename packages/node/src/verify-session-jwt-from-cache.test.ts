import { beforeEach, describe, expect, it, vi } from 'vitest';
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

let now: Date;
const jwtServer = useJwksTestServer(projectId, () => now);

beforeEach(() => {
  now = issuedAt;
  signatureChecks.mockClear();
});

const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

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
