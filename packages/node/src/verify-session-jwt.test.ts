import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTestServer, sendJson, startHttpTestServer } from '../test/helpers/http-test-server.js';
import { projectJwks } from '../test/helpers/project-jwks.js';
import {
  givenSigningKey,
  sessionClaims,
  signJwt,
  type TestSigningKey,
} from '../test/helpers/session-jwt-factory.js';
import type { LatchkeyServerClientOptions } from './options.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000001';
const now = new Date('2030-01-01T00:00:30Z');
const jwks = projectJwks(projectId, () => now);

let server: HttpTestServer;
let currentKey: TestSigningKey;

beforeAll(async () => {
  server = await startHttpTestServer();
  currentKey = await givenSigningKey('key-1');
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

/** Publishes `keys` at the project's JWKS path and returns a client with a fixed clock. */
function givenClient(keys: TestSigningKey[], options: Partial<LatchkeyServerClientOptions> = {}) {
  return jwks.client(server, keys, options);
}

const jwksHits = () => jwks.fetches(server);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifySessionJwt', () => {
  it('accepts a token signed by a published key and returns the session from its claims', async () => {
    const client = givenClient([currentKey]);
    const jwt = await signJwt(currentKey, sessionClaims(projectId, now, { plan: 'pro' }));

    const result = await client.verifySessionJwt(jwt);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.userId).toBe('user-test-0001');
    expect(result.session).toMatchObject({
      session_id: 'session-test-0001',
      user_id: 'user-test-0001',
      last_accessed_at: '2030-01-01T00:00:00Z',
      expires_at: '2030-01-01T01:00:00Z',
      attributes: { ip_address: '127.0.0.1', user_agent: 'vitest' },
      custom_claims: { plan: 'pro' },
    });
    expect(result.session.authentication_factors[0]?.delivery_method).toBe('email');
    expect(result.claims.iss).toBe(`stytch.com/${projectId}`);
  });

  it('rejects a token issued for another project', async () => {
    const client = givenClient([currentKey]);
    const jwt = await signJwt(
      currentKey,
      sessionClaims(projectId, now, { iss: 'stytch.com/project-test-other' }),
    );
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code: 'jwt_issuer_mismatch' } });
  });

  it('rejects a token whose audience does not contain the project id', async () => {
    const client = givenClient([currentKey]);
    const jwt = await signJwt(currentKey, sessionClaims(projectId, now, { aud: ['project-test-other'] }));
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code: 'jwt_audience_mismatch' } });
  });

  it('rejects a token past exp beyond the leeway, and accepts one within it', async () => {
    const client = givenClient([currentKey]);
    const issued = new Date(now.getTime() - 310_000);
    const jwt = await signJwt(currentKey, sessionClaims(projectId, issued)); // exp = now - 10 s

    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'jwt_expired' } });
    expect(await client.verifySessionJwt(jwt, { clockToleranceSeconds: 15 })).toMatchObject({ ok: true });
  });

  it('rejects a token that is not valid yet', async () => {
    const client = givenClient([currentKey]);
    const nbf = Math.floor(now.getTime() / 1000) + 60;
    const jwt = await signJwt(currentKey, sessionClaims(projectId, now, { nbf }));
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code: 'jwt_not_yet_valid' } });
  });

  it('rejects a token older than maxTokenAgeSeconds', async () => {
    const client = givenClient([currentKey]);
    const jwt = await signJwt(currentKey, sessionClaims(projectId, new Date(now.getTime() - 120_000)));
    expect(await client.verifySessionJwt(jwt, { maxTokenAgeSeconds: 60 })).toMatchObject({
      ok: false,
      error: { code: 'jwt_too_old' },
    });
    expect(await client.verifySessionJwt(jwt, { maxTokenAgeSeconds: 300 })).toMatchObject({ ok: true });
  });

  it('rejects a signed token without exp or without the session claim', async () => {
    const client = givenClient([currentKey]);
    const noExp = await signJwt(currentKey, sessionClaims(projectId, now, { exp: undefined }));
    const noSession = await signJwt(
      currentKey,
      sessionClaims(projectId, now, { 'https://stytch.com/session': undefined }),
    );
    expect(await client.verifySessionJwt(noExp)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
    expect(await client.verifySessionJwt(noSession)).toMatchObject({
      ok: false,
      error: { code: 'invalid_jwt' },
    });
  });

  it('rejects a token signed by a different key that claims a published kid', async () => {
    const client = givenClient([currentKey]);
    const impostor = await givenSigningKey(currentKey.kid);
    const jwt = await signJwt(impostor, sessionClaims(projectId, now));
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
  });

  it('rejects alg "none" and an HS256 token keyed with the public key', async () => {
    const client = givenClient([currentKey]);
    const claims = sessionClaims(projectId, now);
    const unsigned = `${base64url({ alg: 'none', kid: currentKey.kid })}.${base64url(claims)}.`;
    const hmacKey = new TextEncoder().encode(JSON.stringify(currentKey.publicJwk));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: currentKey.kid })
      .sign(hmacKey);

    for (const jwt of [unsigned, forged]) {
      const result = await client.verifySessionJwt(jwt);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['jwt_algorithm_not_allowed', 'invalid_jwt']).toContain(result.error.code);
    }
    const forgedResult = await client.verifySessionJwt(forged);
    expect(forgedResult).toMatchObject({ ok: false, error: { code: 'jwt_algorithm_not_allowed' } });
  });

  it('answers invalid_jwt for garbage, empty and non-string input without fetching keys', async () => {
    const client = givenClient([currentKey]);
    for (const input of ['not-a-jwt', '', undefined, 42, 'a'.repeat(20_000)]) {
      expect(await client.verifySessionJwt(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_jwt' },
      });
    }
    expect(jwksHits()).toBe(0);
  });

  it('fetches the JWKS once and serves later tokens from the cache', async () => {
    const client = givenClient([currentKey]);
    for (let index = 0; index < 5; index += 1) {
      const jwt = await signJwt(currentKey, sessionClaims(projectId, now, { jti: `token-${index}` }));
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    }
    expect(jwksHits()).toBe(1);
  });

  it('refetches on an unknown kid and accepts the token once the rotated key is published', async () => {
    const client = givenClient([currentKey], { jwksCooldownMs: 0 });
    expect(
      await client.verifySessionJwt(await signJwt(currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    const rotated = await givenSigningKey('key-2');
    jwks.publish([currentKey, rotated]);

    const result = await client.verifySessionJwt(await signJwt(rotated, sessionClaims(projectId, now)));

    expect(result).toMatchObject({ ok: true });
    expect(jwksHits()).toBe(2);
  });

  it('does not refetch for an unknown kid within the cooldown, and rejects the token', async () => {
    const client = givenClient([currentKey]);
    expect(
      await client.verifySessionJwt(await signJwt(currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    const unknown = await givenSigningKey('key-unknown');
    const result = await client.verifySessionJwt(await signJwt(unknown, sessionClaims(projectId, now)));
    expect(result).toMatchObject({ ok: false, error: { code: 'jwks_no_matching_key' } });
    expect(jwksHits()).toBe(1);
  });

  it('fails closed with jwks_unavailable when the JWKS endpoint errors', async () => {
    const client = givenClient([currentKey]);
    server.handle = (_request, response) => sendJson(response, 500, { error_type: 'internal_server_error' });
    const result = await client.verifySessionJwt(await signJwt(currentKey, sessionClaims(projectId, now)));
    expect(result).toMatchObject({ ok: false, error: { code: 'jwks_unavailable' } });
  });

  it('uses the injected fetch for the JWKS', async () => {
    const seen: string[] = [];
    const client = givenClient([currentKey], {
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(
      await client.verifySessionJwt(await signJwt(currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    expect(seen).toEqual([`${server.url}${jwks.path}`]);
  });

  it('throws invalid_argument for a clock tolerance above 30 seconds', async () => {
    const client = givenClient([currentKey]);
    await expect(client.verifySessionJwt('x', { clockToleranceSeconds: 31 })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
