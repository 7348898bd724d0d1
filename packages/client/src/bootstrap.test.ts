import { describe, expect } from 'vitest';
import { DEFAULT_BOOTSTRAP, mapBootstrap } from './bootstrap.js';
import { it } from './testing/client-test.js';
import { apiError, createTestClient, ok, PUBLIC_TOKEN } from './testing/fakes.js';

const BOOTSTRAP_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::bootstrap`;
const ROUTE = `GET /projects/bootstrap/${PUBLIC_TOKEN}`;

const WIRE = {
  request_id: 'request-id-test-1',
  status_code: 200,
  disable_sdk_watermark: true,
  cname_domain: 'login.example.com',
  email_domains: ['example.com'],
  captcha_settings: { enabled: true, siteKey: 'site-key-1' },
  pkce_required_for_email_magic_links: true,
  pkce_required_for_password_resets: true,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: true,
  slug_pattern: '[a-z]+',
  create_organization_enabled: true,
  password_config: { luds_complexity: 3, luds_minimum_count: 10 },
  dfp_protected_auth_enabled: true,
  dfp_protected_auth_mode: 'DECISIONING',
  rbac_policy: null,
  siwe_required_for_crypto_wallets: true,
};

const MAPPED = {
  displayWatermark: false,
  cnameDomain: 'login.example.com',
  emailDomains: ['example.com'],
  captchaSettings: { enabled: true, siteKey: 'site-key-1' },
  pkceRequiredForEmailMagicLinks: true,
  pkceRequiredForPasswordResets: true,
  pkceRequiredForOAuth: false,
  pkceRequiredForSso: true,
  slugPattern: '[a-z]+',
  createOrganizationEnabled: true,
  passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
  runDFPProtectedAuth: true,
  dfpProtectedAuthMode: 'DECISIONING',
  rbacPolicy: null,
  siweRequiredForCryptoWallets: true,
};

describe('mapBootstrap', () => {
  it('maps every wire key to its camelCase field', () => {
    expect(mapBootstrap(WIRE)).toEqual(MAPPED);
  });

  it('inverts the watermark flag and defaults missing optional fields', () => {
    const mapped = mapBootstrap({ disable_sdk_watermark: false, password_config: null, email_domains: [] });
    expect(mapped.displayWatermark).toBe(true);
    expect(mapped.passwordConfig).toBeNull();
    expect(mapped.runDFPProtectedAuth).toBe(false);
    expect(mapped.rbacPolicy).toBeNull();
    expect('dfpProtectedAuthMode' in mapped).toBe(false);
    // Another provider's bootstrap says nothing about OAuth providers: nothing is assumed.
    expect('oauthProviders' in mapped).toBe(false);
  });

  it("maps Latchkey's oauth_providers, dropping malformed entries", () => {
    const mapped = mapBootstrap({
      ...WIRE,
      oauth_providers: [
        { provider_type: 'google', one_tap: true },
        { provider_type: 'github', one_tap: false },
        { one_tap: true },
        null,
      ],
    });
    expect(mapped.oauthProviders).toEqual([
      { providerType: 'google', oneTap: true },
      { providerType: 'github', oneTap: false },
    ]);
    expect(mapBootstrap({ ...WIRE, oauth_providers: [] }).oauthProviders).toEqual([]);
  });
});

describe('client.bootstrap', () => {
  it('gives the defaults synchronously before the fetch, then the fetched config, cached', async () => {
    const { client, fetch, storage } = createTestClient({
      prepare: (setup) => setup.fetch.on(ROUTE, ok(WIRE)),
    });
    expect(fetch.calls(ROUTE)).toHaveLength(1);
    expect(fetch.calls(ROUTE)[0]!.body).toBeUndefined();
    expect(client.bootstrap.getSync()).toEqual(DEFAULT_BOOTSTRAP);
    expect(client.bootstrap.getSync().emailDomains).toEqual(['latchkey.dev']);
    await expect(client.bootstrap.getAsync()).resolves.toEqual(MAPPED);
    expect(client.bootstrap.getSync()).toEqual(MAPPED);
    expect(JSON.parse(storage.getItem(BOOTSTRAP_KEY)!)).toEqual(MAPPED);
    expect(fetch.calls(ROUTE)).toHaveLength(1);
  });

  it('reads the cached config synchronously on the next page load', () => {
    const { client } = createTestClient({
      prepare(setup) {
        setup.storage.setItem(BOOTSTRAP_KEY, JSON.stringify(MAPPED));
        setup.fetch.on(ROUTE, () => new Promise(() => {}));
      },
    });
    expect(client.bootstrap.getSync()).toEqual(MAPPED);
  });

  it('logs "Error fetching bootstrap data" and uses, but does not cache, the defaults', async () => {
    const { client, storage, logger } = createTestClient({
      prepare: (setup) => setup.fetch.on(ROUTE, apiError(500, 'internal_server_error')),
    });
    await expect(client.bootstrap.getAsync()).resolves.toEqual(DEFAULT_BOOTSTRAP);
    expect(logger.error).toHaveBeenCalledWith('Error fetching bootstrap data', expect.anything());
    expect(storage.getItem(BOOTSTRAP_KEY)).toBeNull();
  });
});
