import { beforeEach, describe, expect, it, vi } from 'vitest';
import { givenSigningKey, sessionClaims, signJwt } from '../test/helpers/session-jwt-factory.js';
import { useJwksTestServer } from '../test/helpers/use-jwks-test-server.js';

// Counts calls of jose's remote key resolver (each one a filter over the key set and a chain of
// promises), keeping its behaviour and its fresh/reloading state as they are.
const keyLookups = vi.hoisted(() => ({ count: 0 }));
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  const createRemoteJWKSet: typeof jose.createRemoteJWKSet = (url, options) => {
    const remote = jose.createRemoteJWKSet(url, options);
    const counted = async (...args: Parameters<typeof remote>) => {
      keyLookups.count += 1;
      return remote(...args);
    };
    const { coolingDown, fresh, reload, reloading, jwks } = Object.getOwnPropertyDescriptors(remote);
    return Object.defineProperties(counted, { coolingDown, fresh, reload, reloading, jwks }) as typeof remote;
  };
  return { ...jose, createRemoteJWKSet };
});

const projectId = 'project-test-00000000-0000-4000-8000-000000000003';
const issuedAt = new Date('2030-01-01T00:00:30Z');
const jwtServer = useJwksTestServer(projectId, () => issuedAt);

beforeEach(() => {
  keyLookups.count = 0;
});

describe('verifySessionJwt key lookups on cache hits', () => {
  it('serves a hit without asking the JWKS again while the key set is fresh and has not been refetched', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));

    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    // The first call looked its key up before any set was fetched, so the first hit confirms it once.
    const lookupsAfterFirstHit = keyLookups.count;
    for (let call = 0; call < 5; call += 1) {
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    }

    expect(lookupsAfterFirstHit).toBe(2);
    expect(keyLookups.count).toBe(lookupsAfterFirstHit);
    expect(jwtServer.jwksFetches()).toBe(1);
  });

  it('asks the JWKS again for a hit once the key set was refetched, and refuses it when its key is gone', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { jwksCooldownMs: 0 });
    const old = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));
    expect(await client.verifySessionJwt(old)).toMatchObject({ ok: true });
    expect(await client.verifySessionJwt(old)).toMatchObject({ ok: true });

    // key-1 is withdrawn and key-2 published; a token under key-2 makes the client refetch.
    const rotated = await givenSigningKey('key-2');
    jwtServer.jwks.publish([rotated]);
    expect(
      await client.verifySessionJwt(await signJwt(rotated, sessionClaims(projectId, issuedAt))),
    ).toMatchObject({ ok: true });
    const lookupsBefore = keyLookups.count;

    expect(await client.verifySessionJwt(old)).toMatchObject({
      ok: false,
      error: { code: 'jwks_no_matching_key' },
    });
    expect(keyLookups.count).toBeGreaterThan(lookupsBefore);
    expect(jwtServer.jwksFetches()).toBeGreaterThanOrEqual(2);
  });

  it('asks the JWKS again for a hit once the key set is older than jwksCacheMaxAgeMs', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { jwksCacheMaxAgeMs: 0 });
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issuedAt));

    for (let call = 0; call < 3; call += 1) {
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    }

    // A set that is always due fetches on every lookup, and a refetched set imports its keys
    // afresh: each repeat is looked up (no match with the remembered key), then verified in full.
    expect(keyLookups.count).toBe(1 + 2 + 2);
    expect(jwtServer.jwksFetches()).toBe(keyLookups.count);
  });
});
