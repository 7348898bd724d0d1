/** GET /sdk/v1/projects/bootstrap/{public_token}. */
import { expect, it } from 'vitest';
import { sdkGet } from '../../../test/sdk-call.js';
import { DEMO_ORIGIN, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { saveOAuthConfig } from '../oauth/oauth-config-store.js';
import { validateUpstreamConfig } from '../oauth/upstream/upstream-config.js';

const ctx = useTestContext();

it('returns every bootstrap key in snake_case, password_config always present', async () => {
  const response = await sdkGet(ctx, `/projects/bootstrap/${ctx.dev.public_token}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
  expect(json(response).data).toEqual({
    request_id: expect.any(String),
    status_code: 200,
    disable_sdk_watermark: false,
    project_name: 'Development project',
    cname_domain: null,
    email_domains: [],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: { luds_complexity: 3, luds_minimum_count: 8 },
    dfp_protected_auth_enabled: false,
    rbac_policy: { roles: [], resources: [] },
    vertical: 'CONSUMER',
    siwe_required_for_crypto_wallets: false,
    // No OAuth provider is configured (and this app serves no development issuer).
    oauth_providers: [],
  });
});

it('reflects the project configuration', async () => {
  const project = await ctx.givenProject({
    emailDomains: ['example.com'],
    disableSdkWatermark: true,
    siweRequiredForCryptoWallets: true,
  });
  const { data } = json(
    await ctx.app.inject({ method: 'GET', url: `/sdk/v1/projects/bootstrap/${project.public_token}` }),
  );
  expect(data.email_domains).toEqual(['example.com']);
  expect(data.disable_sdk_watermark).toBe(true);
  expect(data.siwe_required_for_crypto_wallets).toBe(true);
});

it('names the project and its kind, for the official 6.x widget (issue 17 item 6)', async () => {
  const project = await ctx.givenProject({ name: 'Clickwise' });
  const { data } = json(
    await ctx.app.inject({ method: 'GET', url: `/sdk/v1/projects/bootstrap/${project.public_token}` }),
  );
  expect(data.project_name).toBe('Clickwise');
  expect(data.vertical).toBe('CONSUMER');
});

it.each([null, 'B2B'] as const)('answers the vertical the project set: %s', async (vertical) => {
  const project = await ctx.givenProject({ vertical });
  const { data } = json(
    await ctx.app.inject({ method: 'GET', url: `/sdk/v1/projects/bootstrap/${project.public_token}` }),
  );
  // Present even when unset: the SDK reads the key as is.
  expect(data).toHaveProperty('vertical', vertical);
});

it('answers the wire’s empty RBAC policy, never null, so the official clients do not log an error', async () => {
  const { data } = json(
    await ctx.app.inject({ method: 'GET', url: `/sdk/v1/projects/bootstrap/${ctx.dev.public_token}` }),
  );
  expect(data.rbac_policy).toEqual({ roles: [], resources: [] });
});

it('shows captcha settings {enabled:true, siteKey} for a project with a site key, camelCase inside', async () => {
  const project = await ctx.givenProject({ captchaSiteKey: '6LcBootstrapSiteKey', captchaMinScore: 0.8 });
  const { data } = json(
    await ctx.app.inject({ method: 'GET', url: `/sdk/v1/projects/bootstrap/${project.public_token}` }),
  );
  // The minimum score is the provider's business and stays out of the public bootstrap.
  expect(data.captcha_settings).toEqual({ enabled: true, siteKey: '6LcBootstrapSiteKey' });
});

it('lists the OAuth providers the project configured, in the wire order; One Tap only with its own Google', async () => {
  const project = await ctx.givenProject({ allowedOrigins: [DEMO_ORIGIN] });
  for (const providerType of ['github', 'google'] as const) {
    const config = validateUpstreamConfig({
      providerType,
      clientId: `${providerType}-client`,
      clientSecret: 's',
    });
    if (!config.ok) throw new Error(config.message);
    await saveOAuthConfig(
      ctx.db,
      { clock: ctx.clock, random: cryptoRandom, keyEncryptionSecret: undefined },
      project.project.id,
      config.config,
    );
  }
  const { data } = json(
    await sdkGet(ctx, `/projects/bootstrap/${project.public_token}`, { publicToken: project.public_token }),
  );
  expect(data.oauth_providers).toEqual([
    { provider_type: 'google', one_tap: true },
    { provider_type: 'github', one_tap: false },
  ]);
});

it('unknown public token → 401 invalid_public_token', async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/sdk/v1/projects/bootstrap/public-token-test-nope',
  });
  expect(response.statusCode).toBe(401);
  expect(json(response).error_type).toBe('invalid_public_token');
});

it('a foreign page origin → 403 invalid_origin', async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/sdk/v1/projects/bootstrap/${ctx.dev.public_token}`,
    headers: { origin: 'https://evil.example' },
  });
  expect(response.statusCode).toBe(403);
  expect(json(response).error_type).toBe('invalid_origin');
});
