import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../test/helpers/http-test-server.js';
import { givenSigningKey, sessionClaims, signJwt } from '../test/helpers/session-jwt-factory.js';
import { useJwksTestServer } from '../test/helpers/use-jwks-test-server.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000001';
const now = new Date('2030-01-01T00:00:30Z');
const jwtServer = useJwksTestServer(projectId, () => now);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifySessionJwt', () => {
  it('accepts a token signed by a published key and returns the session from its claims', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now, { plan: 'pro' }));

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
    expect(result.customClaims).toEqual({ plan: 'pro' });
  });

  it.each([
    ['issued for another project', { iss: 'stytch.com/project-test-other' }, 'jwt_issuer_mismatch'],
    [
      'whose audience does not contain the project id',
      { aud: ['project-test-other'] },
      'jwt_audience_mismatch',
    ],
    ['that is not valid yet', { nbf: Math.floor(now.getTime() / 1000) + 60 }, 'jwt_not_yet_valid'],
  ])('rejects a token %s', async (_case, claims, code) => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now, claims));
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('rejects a token past exp beyond the leeway, and accepts one within it', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const issued = new Date(now.getTime() - 310_000);
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, issued)); // exp = now - 10 s

    expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: false, error: { code: 'jwt_expired' } });
    expect(await client.verifySessionJwt(jwt, { clockToleranceSeconds: 15 })).toMatchObject({ ok: true });
  });

  it('rejects a token older than maxTokenAgeSeconds', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const jwt = await signJwt(
      jwtServer.currentKey,
      sessionClaims(projectId, new Date(now.getTime() - 120_000)),
    );
    expect(await client.verifySessionJwt(jwt, { maxTokenAgeSeconds: 60 })).toMatchObject({
      ok: false,
      error: { code: 'jwt_too_old' },
    });
    expect(await client.verifySessionJwt(jwt, { maxTokenAgeSeconds: 300 })).toMatchObject({ ok: true });
  });

  it('rejects a signed token without exp or without the session claim', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const noExp = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now, { exp: undefined }));
    const noSession = await signJwt(
      jwtServer.currentKey,
      sessionClaims(projectId, now, { 'https://stytch.com/session': undefined }),
    );
    expect(await client.verifySessionJwt(noExp)).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
    expect(await client.verifySessionJwt(noSession)).toMatchObject({
      ok: false,
      error: { code: 'invalid_jwt' },
    });
  });

  it('rejects a token signed by a different key that claims a published kid', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const impostor = await givenSigningKey(jwtServer.currentKey.kid);
    const jwt = await signJwt(impostor, sessionClaims(projectId, now));
    const result = await client.verifySessionJwt(jwt);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_jwt' } });
  });

  it('rejects alg "none" and an HS256 token keyed with the public key', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    const claims = sessionClaims(projectId, now);
    const unsigned = `${base64url({ alg: 'none', kid: jwtServer.currentKey.kid })}.${base64url(claims)}.`;
    const hmacKey = new TextEncoder().encode(JSON.stringify(jwtServer.currentKey.publicJwk));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: jwtServer.currentKey.kid })
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
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    for (const input of ['not-a-jwt', '', undefined, 42, 'a'.repeat(20_000)]) {
      expect(await client.verifySessionJwt(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_jwt' },
      });
    }
    expect(jwtServer.jwksFetches()).toBe(0);
  });

  it('fetches the JWKS once and serves later tokens from the cache', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    for (let index = 0; index < 5; index += 1) {
      const jwt = await signJwt(
        jwtServer.currentKey,
        sessionClaims(projectId, now, { jti: `token-${index}` }),
      );
      expect(await client.verifySessionJwt(jwt)).toMatchObject({ ok: true });
    }
    expect(jwtServer.jwksFetches()).toBe(1);
  });

  it('refetches on an unknown kid and accepts the token once the rotated key is published', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey], { jwksCooldownMs: 0 });
    expect(
      await client.verifySessionJwt(await signJwt(jwtServer.currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    const rotated = await givenSigningKey('key-2');
    jwtServer.jwks.publish([jwtServer.currentKey, rotated]);

    const result = await client.verifySessionJwt(await signJwt(rotated, sessionClaims(projectId, now)));

    expect(result).toMatchObject({ ok: true });
    expect(jwtServer.jwksFetches()).toBe(2);
  });

  it('does not refetch for an unknown kid within the cooldown, and rejects the token', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    expect(
      await client.verifySessionJwt(await signJwt(jwtServer.currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    const unknown = await givenSigningKey('key-unknown');
    const result = await client.verifySessionJwt(await signJwt(unknown, sessionClaims(projectId, now)));
    expect(result).toMatchObject({ ok: false, error: { code: 'jwks_no_matching_key' } });
    expect(jwtServer.jwksFetches()).toBe(1);
  });

  it('fails closed with jwks_unavailable when the JWKS endpoint errors', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    jwtServer.server.handle = (_request, response) =>
      sendJson(response, 500, { error_type: 'internal_server_error' });
    const result = await client.verifySessionJwt(
      await signJwt(jwtServer.currentKey, sessionClaims(projectId, now)),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'jwks_unavailable' } });
  });

  it('uses the injected fetch for the JWKS', async () => {
    const seen: string[] = [];
    const client = jwtServer.givenClient([jwtServer.currentKey], {
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(
      await client.verifySessionJwt(await signJwt(jwtServer.currentKey, sessionClaims(projectId, now))),
    ).toMatchObject({ ok: true });
    expect(seen).toEqual([`${jwtServer.server.url}${jwtServer.jwks.path}`]);
  });

  it('throws invalid_argument for a clock tolerance above 30 seconds', async () => {
    const client = jwtServer.givenClient([jwtServer.currentKey]);
    await expect(client.verifySessionJwt('x', { clockToleranceSeconds: 31 })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
