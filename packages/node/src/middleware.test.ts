/**
 * `@latchkey/node/express` and `@latchkey/node/fastify` on real servers on 127.0.0.1: the session
 * from the cookies or a Bearer header, verified locally against the JWKS test server, and the
 * provider (the same test server's /v1/sessions/authenticate) asked when no JWT verifies.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../test/helpers/http-test-server.js';
import { sessionClaims, signJwt } from '../test/helpers/session-jwt-factory.js';
import { useJwksTestServer } from '../test/helpers/use-jwks-test-server.js';
import type { LatchkeyServerClient } from './create-server-client.js';
import { latchkeySession } from './express.js';
import { latchkeyFastify } from './fastify.js';
import type { LatchkeySessionOptions } from './middleware/request-session.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000003';
const now = new Date('2030-01-01T00:00:30Z');
const jwtServer = useJwksTestServer(projectId, () => now);

const liveSession = {
  session_id: 'session-test-live',
  user_id: 'user-test-0002',
  started_at: '2030-01-01T00:00:00Z',
  last_accessed_at: '2030-01-01T00:00:30Z',
  expires_at: '2030-01-01T01:00:00Z',
  attributes: { ip_address: '127.0.0.1', user_agent: 'vitest' },
  authentication_factors: [],
  custom_claims: { plan: 'team' },
};

/** The provider: the JWKS, and /v1/sessions/authenticate knowing one live token, 'live-token'. */
function givenProvider(): LatchkeyServerClient {
  const client = jwtServer.givenClient([jwtServer.currentKey], { secret: 'secret-test-middleware' });
  const serveJwks = jwtServer.server.handle;
  jwtServer.server.handle = (request, response) => {
    if (request.method !== 'POST' || request.path !== '/v1/sessions/authenticate') {
      serveJwks(request, response);
      return;
    }
    const body = JSON.parse(request.body) as { session_token?: string; session_jwt?: string };
    if (body.session_token === 'live-token' || body.session_jwt !== undefined) {
      sendJson(response, 200, {
        status_code: 200,
        request_id: 'request-id-test-0020',
        session: liveSession,
        session_token: body.session_token ?? '',
        session_jwt: 'fresh.jwt.here',
        user: { user_id: 'user-test-0002', emails: [] },
      });
    } else {
      sendJson(response, 404, { status_code: 404, error_type: 'session_not_found', error_message: 'gone' });
    }
  };
  return client;
}

type Start = (options: LatchkeySessionOptions) => Promise<{ url: string; close: () => Promise<void> }>;

const startExpress: Start = async (options) => {
  const app = express();
  app.get('/optional', latchkeySession(options), (req, res) => {
    res.json({ latchkey: req.latchkey ?? null });
  });
  app.get('/required', latchkeySession({ ...options, required: true }), (req, res) => {
    res.json({ latchkey: req.latchkey ?? null });
  });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const startFastify: Start = async (options) => {
  const app = Fastify();
  await app.register(latchkeyFastify, options);
  app.get('/optional', async (request) => ({ latchkey: request.latchkey }));
  await app.register(async (scope) => {
    await scope.register(latchkeyFastify, { ...options, required: true });
    scope.get('/required', async (request) => ({ latchkey: request.latchkey }));
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
};

describe.each([
  ['Express', startExpress],
  ['Fastify', startFastify],
] as const)('%s middleware', (_name, start) => {
  let client: LatchkeyServerClient;
  let server: { url: string; close: () => Promise<void> } | undefined;
  let jwt: string;
  beforeAll(async () => {
    client = givenProvider();
    server = await start({ client });
    jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now, { role: 'admin' }));
  });
  afterAll(() => server?.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server?.url}${path}`, { headers });
    // biome-ignore lint/suspicious/noExplicitAny: the test routes' JSON answers, read field by field
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const providerCalls = () => jwtServer.server.requests.filter((r) => r.path === '/v1/sessions/authenticate');

  it('a valid session JWT cookie is verified locally: the session and its custom claims, no provider call', async () => {
    const { status, body } = await get('/optional', { cookie: `other=1; stytch_session_jwt=${jwt}` });
    expect(status).toBe(200);
    expect(body.latchkey).toMatchObject({
      userId: 'user-test-0001',
      verifiedBy: 'jwt',
      session: { session_id: 'session-test-0001' },
      customClaims: { role: 'admin' },
    });
    expect(providerCalls()).toHaveLength(0);
  });

  it('a Bearer JWT works the same; a Bearer opaque token is checked with the provider', async () => {
    expect((await get('/optional', { authorization: `Bearer ${jwt}` })).body.latchkey.verifiedBy).toBe('jwt');
    const { body } = await get('/optional', { authorization: 'Bearer live-token' });
    expect(body.latchkey).toMatchObject({
      userId: 'user-test-0002',
      verifiedBy: 'provider',
      customClaims: { plan: 'team' },
      sessionJwt: 'fresh.jwt.here',
      user: { user_id: 'user-test-0002' },
    });
    expect(JSON.parse(providerCalls()[0]?.body ?? '')).toEqual({ session_token: 'live-token' });
  });

  it('an expired JWT with the session cookie falls back to the provider, which decides', async () => {
    const expired = await signJwt(
      jwtServer.currentKey,
      sessionClaims(projectId, new Date(now.getTime() - 600_000)),
    );
    const live = await get('/optional', {
      cookie: `stytch_session_jwt=${expired}; stytch_session=live-token`,
    });
    expect(live.body.latchkey).toMatchObject({ verifiedBy: 'provider', userId: 'user-test-0002' });
    const revoked = await get('/optional', {
      cookie: `stytch_session_jwt=${expired}; stytch_session=revoked-token`,
    });
    expect(revoked.body.latchkey).toBeNull();
  });

  it('no session, or a forged JWT alone, gives null; with required: true a 401 in the provider error shape', async () => {
    expect((await get('/optional')).body.latchkey).toBeNull();
    const forged = `${jwt.slice(0, -4)}AAAA`;
    expect(
      (await get('/optional', { cookie: `stytch_session_jwt=${forged}; stytch_session=nope` })).body.latchkey,
    ).toBeNull();
    const refused = await get('/required');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
    const allowed = await get('/required', { cookie: `stytch_session_jwt=${jwt}` });
    expect(allowed.status).toBe(200);
    expect(allowed.body.latchkey.userId).toBe('user-test-0001');
    // Fastify's plugin, registered at the root and again in the route's scope, asks the provider once.
    const before = providerCalls().length;
    const viaProvider = await get('/required', { authorization: 'Bearer live-token' });
    expect(viaProvider.body.latchkey.verifiedBy).toBe('provider');
    expect(providerCalls().length - before).toBe(1);
  });
});

describe("remote: 'never' and 'always'", () => {
  it("'never' never calls the provider; 'always' calls it even for a valid JWT", async () => {
    const client = givenProvider();
    const jwt = await signJwt(jwtServer.currentKey, sessionClaims(projectId, now));
    const never = await startExpress({ client, remote: 'never' });
    const always = await startExpress({ client, remote: 'always' });
    try {
      const viaToken = await fetch(`${never.url}/optional`, {
        headers: { cookie: 'stytch_session=live-token' },
      });
      expect(((await viaToken.json()) as { latchkey: unknown }).latchkey).toBeNull();
      const calls = () =>
        jwtServer.server.requests.filter((r) => r.path === '/v1/sessions/authenticate').length;
      expect(calls()).toBe(0);
      const viaJwt = await fetch(`${always.url}/optional`, {
        headers: { cookie: `stytch_session_jwt=${jwt}` },
      });
      expect(((await viaJwt.json()) as { latchkey: { verifiedBy: string } }).latchkey.verifiedBy).toBe(
        'provider',
      );
      expect(calls()).toBe(1);
    } finally {
      await never.close();
      await always.close();
    }
  });
});
