/** The project administration API (issue 20): operator keys, every route, validation, secret rotation and change propagation. */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { basic, DEMO_ORIGIN, json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';

const ctx = useTestContext();

let operatorSecret: string | undefined;
async function operator(): Promise<string> {
  operatorSecret ??= (await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'tests'))
    .secret;
  return `Bearer ${operatorSecret}`;
}

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  authorization?: string | null,
): Promise<LightMyRequestResponse> {
  const auth = authorization === null ? undefined : (authorization ?? (await operator()));
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function recordEvents(): DomainEvent[] {
  const seen: DomainEvent[] = [];
  ctx.app.domainEvents.subscribe('*', async (_db, event) => {
    seen.push(event);
  });
  return seen;
}
const events = { list: undefined as DomainEvent[] | undefined };
const heard = () => {
  events.list ??= recordEvents();
  return events.list;
};

async function rowOf(projectId: string) {
  return ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
}

describe('the operator credential', () => {
  it('refuses a project secret, a public token and a session token with 403, and a missing or unknown key with 401', async () => {
    const project = ctx.dev;
    for (const authorization of [
      basic(project.project_id, project.secret),
      basic(project.public_token, project.public_token),
      basic(project.public_token, 'some-session-token'),
      `Bearer ${project.secret}`,
    ]) {
      const answer = await call('GET', '/v1/projects', undefined, authorization);
      expect(answer.statusCode, authorization).toBe(403);
      expect(json(answer).error_type).toBe('operator_credential_required');
    }
    expect(json(await call('GET', '/v1/projects', undefined, null)).error_type).toBe(
      'unauthorized_credentials',
    );
    const forged = `Bearer operator-secret-00000000-0000-4000-8000-000000000000-${'A'.repeat(43)}`;
    const unknown = await call('GET', '/v1/projects', undefined, forged);
    expect(statusAndErrorType(unknown)).toEqual([401, 'invalid_operator_key']);
  });

  it('stores keys hashed, allows several, and refuses a revoked one at once', async () => {
    const created = await call('POST', '/v1/operator_keys', { name: 'CI' });
    expect(created.statusCode).toBe(200);
    const { operator_key: key, secret } = json(created);
    const row = await ctx.db
      .selectFrom('operator_keys')
      .selectAll()
      .where('id', '=', key.key_id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Base64url(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await call('GET', '/v1/projects', undefined, `Bearer ${secret}`)).statusCode).toBe(200);
    const listed = json(await call('GET', '/v1/operator_keys')).operator_keys;
    expect(listed.map((k: { key_id: string }) => k.key_id)).toContain(key.key_id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await call('DELETE', `/v1/operator_keys/${key.key_id}`)).statusCode).toBe(200);
    const revoked = await call('GET', '/v1/projects', undefined, `Bearer ${secret}`);
    expect(statusAndErrorType(revoked)).toEqual([401, 'invalid_operator_key']);
    expect(json(await call('DELETE', `/v1/operator_keys/${key.key_id}`)).error_type).toBe(
      'operator_key_not_found',
    );
  });

  it('is not a project secret on the project routes of /v1', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sessions/authenticate',
      headers: { authorization: await operator(), 'content-type': 'application/json' },
      payload: { session_token: 'x' },
    });
    expect(answer.statusCode).toBe(401);
    expect(json(answer).error_type).toBe('unauthorized_credentials');
  });
});

describe('projects', () => {
  it('creates a project (secret shown once, stored hashed), gets it and lists it page by page', async () => {
    const seen = heard();
    const created = await call('POST', '/v1/projects', {
      name: 'Acme',
      allowed_origins: ['https://acme.example'],
      allowed_redirect_urls: ['https://acme.example/auth'],
      mfa_required: true,
      vertical: 'b2b',
    });
    expect(created.statusCode).toBe(200);
    const { project, secret } = json(created);
    expect(project).toMatchObject({
      name: 'Acme',
      environment: 'test',
      mfa_required: true,
      vertical: 'B2B',
      default_login_redirect_url: 'https://acme.example/auth',
      previous_secret_expires_at: null,
    });
    expect(JSON.stringify(project)).not.toContain(secret);
    expect((await rowOf(project.project_id)).secret_hash).toBe(sha256Base64url(secret));
    expect(seen.at(-1)).toMatchObject({ type: 'project.created', actor: { type: 'operator' } });
    const got = json(await call('GET', `/v1/projects/${project.project_id}`)).project;
    expect(got).toEqual(project);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { projects: { project_id: string }[]; results_metadata: { next_cursor: string | null } } =
        json(await call('GET', `/v1/projects?limit=1${cursor ? `&cursor=${cursor}` : ''}`));
      ids.push(...page.projects.map((p: { project_id: string }) => p.project_id));
      cursor = page.results_metadata.next_cursor;
    } while (cursor);
    expect(ids).toContain(project.project_id);
    expect(ids).toContain(ctx.dev.project_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(json(await call('GET', '/v1/projects/project-test-nope')).error_type).toBe('project_not_found');
  });

  it('changes every setting in one PATCH and announces before and after', async () => {
    const seen = heard();
    const { project } = json(await call('POST', '/v1/projects', { name: 'Patchable' }));
    const settings = {
      name: 'Patched',
      vertical: null,
      allowed_origins: ['https://a.example', 'http://localhost:5173'],
      allowed_redirect_urls: ['https://a.example/cb'],
      default_login_redirect_url: 'https://a.example/cb',
      default_signup_redirect_url: null,
      enabled_products: ['emailMagicLinks', 'passwords', 'oauth'],
      email_domains: ['a.example'],
      password_config: { strength_policy: 'luds', luds_min_length: 12, luds_complexity: 4 },
      session_default_minutes: 120,
      session_max_lifetime_minutes: 1440,
      magic_link_expiration_minutes: 15,
      otp_expiration_minutes: 3,
      pkce_required_for_email_magic_links: true,
      pkce_required_for_password_resets: true,
      pkce_required_for_oauth: true,
      disable_sdk_watermark: true,
      siwe_required_for_crypto_wallets: true,
      mfa_required: true,
      captcha: { site_key: 'site-key_1', min_score: 0.7 },
      send_limits: { recipient_interval_seconds: 30, project_per_window: 50 },
    };
    const answer = await call('PATCH', `/v1/projects/${project.project_id}`, settings);
    expect(answer.statusCode).toBe(200);
    const { send_limits, ...rest } = settings;
    expect(json(answer).project).toMatchObject(rest);
    expect(json(answer).project.send_limits).toMatchObject(send_limits);
    const event = seen.at(-1);
    expect(event).toMatchObject({
      type: 'project.updated',
      projectId: project.project_id,
      actor: { type: 'operator' },
    });
    expect(event?.changes?.before).toMatchObject({ name: 'Patchable' });
    expect(event?.changes?.after).toMatchObject({ name: 'Patched' });
    expect(JSON.stringify(event)).not.toMatch(/secret_hash|secret-test-/);
  });

  it.each([
    ['name', { name: ' ' }, 'A project name cannot be empty.'],
    ['name', { name: 'a\nb' }, 'A project name cannot hold line breaks or control characters.'],
    ['vertical', { vertical: 'enterprise' }, 'Bad vertical enterprise (consumer|b2b|none)'],
    [
      'allowed_origins[0]',
      { allowed_origins: ['https://a.example/path'] },
      'Bad origin https://a.example/path',
    ],
    ['allowed_redirect_urls[0]', { allowed_redirect_urls: ['javascript:alert(1)'] }, 'Bad URL'],
    ['enabled_products[0]', { enabled_products: ['magic'] }, 'Unknown product magic'],
    ['email_domains[0]', { email_domains: ['not a domain'] }, 'Bad email domain'],
    [
      'password_config.strength_policy',
      { password_config: { strength_policy: 'strong' } },
      'Bad password_config.strength_policy strong',
    ],
    [
      'password_config.luds_min_length',
      { password_config: { luds_min_length: 0 } },
      'Bad password_config.luds_min_length 0 (1..256)',
    ],
    [
      'password_config.luds_complexity',
      { password_config: { luds_complexity: 5 } },
      'Bad password_config.luds_complexity 5 (1..4)',
    ],
    [
      'otp_expiration_minutes',
      { otp_expiration_minutes: 11 },
      'otp_expiration_minutes must be an integer from 1 to 10.',
    ],
    [
      'session_default_minutes',
      { session_default_minutes: 600, session_max_lifetime_minutes: 60 },
      'cannot exceed',
    ],
    ['mfa_required', { mfa_required: 'yes' }, 'mfa_required must be true or false.'],
    ['captcha.site_key', { captcha: { site_key: 'bad key!' } }, 'Bad captcha.site_key bad key!'],
    ['captcha.min_score', { captcha: { site_key: 'k', min_score: 2 } }, 'Bad captcha.min_score 2 (0..1)'],
    [
      'captcha.min_score',
      { captcha: { site_key: null, min_score: 0.3 } },
      'captcha.min_score needs captcha.site_key',
    ],
    [
      'send_limits.recipient_per_window',
      { send_limits: { recipient_per_window: -1 } },
      'recipient_per_window must be an integer from 0 to 1000000',
    ],
    ['send_limits.nope', { send_limits: { nope: 1 } }, 'Unknown send limit nope.'],
    ['colour', { colour: 'red' }, 'Unknown project setting colour.'],
  ])('refuses a bad %s with 400 naming it, and changes nothing', async (field, body, message) => {
    const before = await rowOf(ctx.dev.project_id);
    const answer = await call('PATCH', `/v1/projects/${ctx.dev.project_id}`, {
      name: 'Renamed first',
      ...body,
    });
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error_type).toBe('invalid_request');
    expect(json(answer).error_message).toContain(message);
    expect(await rowOf(ctx.dev.project_id)).toEqual(before);
    // The wire's validation detail names the field, as schema failures do.
    expect(JSON.stringify(json(answer))).toContain(field.split('[')[0] as string);
  });

  it('refuses a create without a name, and a bad one, creating nothing', async () => {
    const count = async () => (await ctx.db.selectFrom('projects').select('id').execute()).length;
    const before = await count();
    expect(json(await call('POST', '/v1/projects', {})).error_message).toBe('name is required.');
    expect(json(await call('POST', '/v1/projects', { name: 'x', live: 'yes' })).error_message).toBe(
      'live must be true or false.',
    );
    expect((await call('POST', '/v1/projects', { name: 'x', mfa_required: 1 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('secret rotation', () => {
  it('shows the new secret once; the old one works for the grace period, then is refused', async () => {
    const seen = heard();
    const project = await ctx.givenProject({ name: 'Rotating' });
    const authenticate = (secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/sessions/authenticate',
        headers: { authorization: basic(project.project_id, secret), 'content-type': 'application/json' },
        payload: { session_token: 'no-such-session-token-000000000000000000000' },
      });
    // 404 session_not_found: the secret was accepted; 401: refused.
    expect((await authenticate(project.secret)).statusCode).toBe(404);
    const answer = await call('POST', `/v1/projects/${project.project_id}/secrets/rotate`, {
      grace_period_minutes: 60,
    });
    expect(answer.statusCode).toBe(200);
    const { secret, project: shown } = json(answer);
    expect(secret).toMatch(/^secret-test-/);
    expect(shown.previous_secret_expires_at).toBe(
      new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
    );
    expect(seen.at(-1)).toMatchObject({ type: 'project.secret_rotated' });
    expect(JSON.stringify(seen.at(-1))).not.toContain(secret);
    expect((await authenticate(secret)).statusCode).toBe(404);
    expect((await authenticate(project.secret)).statusCode).toBe(404);
    ctx.clock.advance(60 * 60_000 - 1);
    expect((await authenticate(project.secret)).statusCode).toBe(404);
    ctx.clock.advance(1);
    expect((await authenticate(project.secret)).statusCode).toBe(401);
    expect((await authenticate(secret)).statusCode).toBe(404);
    expect(
      json(await call('GET', `/v1/projects/${project.project_id}`)).project.previous_secret_expires_at,
    ).toBeNull();
  });

  it('defaults to a 24-hour grace, refuses the old secret at once with 0, and checks the field', async () => {
    const project = await ctx.givenProject({ name: 'Rotating again' });
    const rotate = (payload: unknown) =>
      call('POST', `/v1/projects/${project.project_id}/secrets/rotate`, payload);
    const day = json(await rotate({})).project.previous_secret_expires_at;
    expect(day).toBe(new Date(ctx.clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect(json(await rotate({ grace_period_minutes: 0 })).project.previous_secret_expires_at).toBeNull();
    const bad = await rotate({ grace_period_minutes: -1 });
    expect([bad.statusCode, json(bad).error_message]).toEqual([
      400,
      'grace_period_minutes must be an integer from 0 to 10080.',
    ]);
  });
});

describe('OAuth providers', () => {
  it('sets, lists, gets and removes a provider; the client secret never comes back and is sealed at rest', async () => {
    const seen = heard();
    const project = await ctx.givenProject({ name: 'OAuth' });
    const base = `/v1/projects/${project.project_id}/oauth_providers`;
    const set = await call('PUT', `${base}/google`, { client_id: 'cid', client_secret: 'very-secret-value' });
    expect(set.statusCode).toBe(200);
    expect(json(set).oauth_provider).toMatchObject({
      provider_type: 'google',
      client_id: 'cid',
      client_secret_set: true,
      secrets_sealed: true,
    });
    expect(set.body).not.toContain('very-secret-value');
    expect(JSON.stringify(seen.at(-1))).not.toContain('very-secret-value');
    expect(seen.at(-1)).toMatchObject({ type: 'oauth_provider.updated' });
    const stored = await ctx.db
      .selectFrom('oauth_provider_configs')
      .selectAll()
      .where('project_id', '=', project.project_id)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret).not.toContain('very-secret-value');
    expect(json(await call('GET', base)).oauth_providers).toHaveLength(1);
    expect(json(await call('GET', `${base}/google`)).oauth_provider.client_id).toBe('cid');
    const bad = await call('PUT', `${base}/custom`, { client_id: 'x', client_secret: 'y' });
    expect(bad.statusCode).toBe(400);
    expect(json(await call('PUT', `${base}/google`, { client_secret: 'y' })).error_message).toBe(
      'client_id is required.',
    );
    expect((await call('DELETE', `${base}/google`)).statusCode).toBe(200);
    expect(seen.at(-1)).toMatchObject({ type: 'oauth_provider.removed' });
    const again = await call('DELETE', `${base}/google`);
    expect(statusAndErrorType(again)).toEqual([404, 'oauth_config_not_found']);
  });
});

describe('a change applies at once', () => {
  it('the instance that made it serves the new settings on its next request, whatever it cached', async () => {
    const project = await ctx.givenProject({ name: 'Cached name', isDev: true });
    const bootstrap = async () =>
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/sdk/v1/projects/bootstrap/${project.public_token}`,
          headers: sdkHeaders(project.public_token),
        }),
      ).data.project_name;
    expect(await bootstrap()).toBe('Cached name');
    await call('PATCH', `/v1/projects/${project.project_id}`, { name: 'New name' });
    // The manual clock has not moved: the cache's 5 s would still serve the old name.
    expect(await bootstrap()).toBe('New name');
    expect(DEMO_ORIGIN).toBeTruthy();
  });
});

describe('the session custom-claims template', () => {
  it('is a project setting: PATCHed, shown, carried by the next session JWT, reserved claims refused', async () => {
    const url = `/v1/projects/${ctx.dev.project_id}`;
    const patched = await call('PATCH', url, { session_custom_claims_template: { plan: 'pro' } });
    expect(patched.statusCode).toBe(200);
    expect(json(patched).project.session_custom_claims_template).toEqual({ plan: 'pro' });
    const signedIn = await givenSignedInUser(ctx, 'template-claims@example.com');
    const payload = JSON.parse(Buffer.from(signedIn.session_jwt.split('.')[1], 'base64url').toString());
    expect(payload.plan).toBe('pro');

    const refused = await call('PATCH', url, { session_custom_claims_template: { sub: 'someone-else' } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(json(refused))).toContain('session_custom_claims_template.sub');
    expect(json(await call('GET', url)).project.session_custom_claims_template).toEqual({ plan: 'pro' });
    await call('PATCH', url, { session_custom_claims_template: {} });
  });
});
