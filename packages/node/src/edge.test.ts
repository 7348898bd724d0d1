/**
 * `@latchkey/node/edge`: the same verification as the Node client, its signatures checked by jose
 * over WebCrypto — valid, tampered, foreign-key and RS256 tokens, and the verified-token cache.
 */
import { describe, expect, it } from 'vitest';
import { givenSigningKey, sessionClaims, signJwt } from '../test/helpers/session-jwt-factory.js';
import { useJwksTestServer } from '../test/helpers/use-jwks-test-server.js';
import { createLatchkeyServerClient } from './edge.js';

const projectId = 'project-test-00000000-0000-4000-8000-0000000000ed';
const now = new Date('2030-01-01T00:00:30Z');
const jwtServer = useJwksTestServer(projectId, () => now);

function edgeClient() {
  jwtServer.givenClient([jwtServer.currentKey]);
  return createLatchkeyServerClient({
    providerUrl: jwtServer.server.url,
    projectId,
    clock: { now: () => now },
  });
}

describe('createLatchkeyServerClient from @latchkey/node/edge', () => {
  it('verifies a session JWT signed by a published key, and serves a repeat from its cache', async () => {
    const client = edgeClient();
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now));
    const verified = await client.verifySessionJwt(jwt);
    expect(verified).toMatchObject({ ok: true, userId: 'user-test-0001' });
    // The cache hands a repeat the same frozen result, as the Node client's does.
    expect(await client.verifySessionJwt(jwt)).toBe(verified);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const client = edgeClient();
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now));
    const [header, , signature] = jwt.split('.');
    const payload = btoa(JSON.stringify({ ...sessionClaims(projectId, now), sub: 'user-test-9999' }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const verified = await client.verifySessionJwt(`${header}.${payload}.${signature}`);
    expect(verified.ok).toBe(false);
    expect(verified.ok ? '' : verified.error.code).toBe('invalid_jwt');
  });

  it('refuses a token signed by a key of the same kid that the JWKS does not publish', async () => {
    const client = edgeClient();
    const stranger = await givenSigningKey(jwtServer.currentKey.kid);
    const verified = await client.verifySessionJwt(await signJwt(stranger, sessionClaims(projectId, now)));
    expect(verified.ok).toBe(false);
  });

  it('verifies RS256 tokens too', async () => {
    const rsa = await givenSigningKey('key-rsa', 'RS256');
    jwtServer.givenClient([rsa]);
    const client = createLatchkeyServerClient({
      providerUrl: jwtServer.server.url,
      projectId,
      clock: { now: () => now },
    });
    expect(await client.verifySessionJwt(await signJwt(rsa, sessionClaims(projectId, now)))).toMatchObject({
      ok: true,
    });
  });
});
