/** OpenID discovery against the fake over real HTTP: caching, the issuer check, outages. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from '../../../../test/fake-openid-provider.js';
import { createManualClock, type ManualClock } from '../../../clock.js';
import { createDiscovery, DISCOVERY_TTL_MS, type Discovery } from './discovery.js';
import { UPSTREAM_TIMEOUT_MS } from './upstream-http.js';

const DISCOVERY_PATH = '/.well-known/openid-configuration';

let clock: ManualClock;
let fake: FakeOpenIdProvider;
let discovery: Discovery;

beforeEach(async () => {
  clock = createManualClock();
  fake = await startFakeOpenIdProvider({ clock });
  // The production time-out: a busy machine must not turn a slow loopback answer into a 503.
  discovery = createDiscovery({ http: { fetch, timeoutMs: UPSTREAM_TIMEOUT_MS }, clock });
});
afterEach(() => fake.close());

describe('discovery', () => {
  it('reads the endpoints from the issuer document', async () => {
    expect(await discovery.metadata(fake.issuer, 'google')).toEqual({
      issuer: fake.issuer,
      authorizationEndpoint: `${fake.origin}/authorize`,
      tokenEndpoint: `${fake.origin}/token`,
      jwksUri: `${fake.origin}/jwks`,
      userinfoEndpoint: `${fake.origin}/userinfo`,
    });
  });

  it('caches the document for an hour by the injected clock', async () => {
    await discovery.metadata(fake.issuer, 'google');
    clock.advance(DISCOVERY_TTL_MS - 1);
    await discovery.metadata(fake.issuer, 'google');
    expect(fake.requestsTo(DISCOVERY_PATH)).toHaveLength(1);
    clock.advance(1);
    await discovery.metadata(fake.issuer, 'google');
    expect(fake.requestsTo(DISCOVERY_PATH)).toHaveLength(2);
  });

  it('refuses a document naming another issuer, and does not cache the refusal', async () => {
    fake.setDiscoveryIssuer('https://accounts.google.com');
    await expect(discovery.metadata(fake.issuer, 'google')).rejects.toMatchObject({
      code: 'service_unavailable',
      message: `The identity provider's discovery document at ${fake.issuer} names the issuer "https://accounts.google.com", so it cannot be used.`,
    });
    fake.setDiscoveryIssuer(null);
    await expect(discovery.metadata(fake.issuer, 'google')).resolves.toMatchObject({ issuer: fake.issuer });
  });

  it("accepts Microsoft's {tenantid} template for the microsoft provider only", async () => {
    const microsoft = await startFakeOpenIdProvider({ clock, issuerStyle: 'microsoft' });
    try {
      await expect(discovery.metadata(microsoft.issuer, 'microsoft')).resolves.toMatchObject({
        issuer: `${microsoft.origin}/{tenantid}/v2.0`,
      });
      await expect(discovery.metadata(microsoft.issuer, 'gitlab')).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      // The template stands for one path segment, not for anything.
      microsoft.setDiscoveryIssuer('https://evil.example/{tenantid}/v2.0');
      const fresh = createDiscovery({ http: { fetch, timeoutMs: UPSTREAM_TIMEOUT_MS }, clock });
      await expect(fresh.metadata(microsoft.issuer, 'microsoft')).rejects.toMatchObject({
        code: 'service_unavailable',
      });
    } finally {
      await microsoft.close();
    }
  });

  it.each([404, 500] as const)('answers 503 when the document answers HTTP %i', async (status) => {
    fake.fail('discovery', status);
    await expect(discovery.metadata(fake.issuer, 'google')).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining(`answered HTTP ${status}`),
    });
  });

  it('answers 503 when the document does not come in time', async () => {
    fake.fail('discovery', 'hang');
    // A short time-out only where nothing answers, so waiting it out is the only outcome.
    const impatient = createDiscovery({ http: { fetch, timeoutMs: 500 }, clock });
    await expect(impatient.metadata(fake.issuer, 'google')).rejects.toMatchObject({
      code: 'service_unavailable',
      message:
        "The identity provider's discovery document did not answer within 0.5 seconds. Try again shortly.",
    });
  });

  it('refuses a document whose endpoints are plain http on a public host', async () => {
    const evil = async (input: RequestInfo | URL) => {
      const body = {
        issuer: 'https://idp.example',
        authorization_endpoint: 'https://idp.example/authorize',
        token_endpoint: 'http://idp.example/token',
        jwks_uri: 'https://idp.example/jwks',
      };
      return String(input).endsWith(DISCOVERY_PATH)
        ? Response.json(body)
        : new Response(null, { status: 404 });
    };
    const strict = createDiscovery({ http: { fetch: evil as typeof fetch, timeoutMs: 500 }, clock });
    await expect(strict.metadata('https://idp.example', 'gitlab')).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('has an unusable token_endpoint'),
    });
  });
});
