/** The server side of the routes, called as React Router calls them, over an in-memory database. */
import { randomBytes } from 'node:crypto';
import { type LatchkeyServerClient, LatchkeyServerError } from '@latchkey/node';
import pg from 'pg';
import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickwiseConfig } from '../.server/config.js';
import { type AppContext, createAppContext } from '../.server/context.js';
import { openDatabase } from '../.server/db/connect.js';
import { currentUser } from '../.server/request.js';
import { action as accountAction } from './account.js';
import { action as campaignAction, loader as campaignLoader } from './campaign.js';
import { action as editAction } from './campaign-edit.js';
import { action as newCampaignAction, loader as newCampaignLoader } from './campaign-new.js';
import { loader as campaignsLoader } from './campaigns.js';
import { action as estimateAction } from './estimate.js';
import { loader as authenticateLoader } from './user-authenticate.js';
import { action as webhookAction } from './webhooks-latchkey.js';

const ORIGIN = 'http://localhost:3000';
let now = new Date('2026-11-24T09:00:00Z');
const clock = { now: () => now };
let app: AppContext;
let context: AppLoadContext;

/**
 * A stand-in for the provider's server-facing redemptions: `token-{user}-{n}` (magic link) and
 * `oauth-{user}-{n}` (Google) are valid once; `oauth-down-{n}` finds the provider unreachable.
 */
const redeemed = new Set<string>();
function fakeRedemption(pattern: RegExp, refusal: string) {
  return async (token: string, options?: { session_duration_minutes?: number }) => {
    if (token.startsWith('oauth-down-')) throw new LatchkeyServerError('network_unreachable');
    const match = pattern.exec(token);
    if (!match || redeemed.has(token)) throw new LatchkeyServerError(refusal, { status: 401 });
    redeemed.add(token);
    const minutes = options?.session_duration_minutes ?? 30;
    return {
      user_id: `user-test-${match[1]}`,
      session: {
        session_id: `session-${token}`,
        expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
      },
      user: { user_id: `user-test-${match[1]}`, emails: [{ email: `${match[1]}@example.com` }] },
    };
  };
}
/** The users the fake provider was asked to delete; a user named `down…` finds it unreachable. */
const deletedAtProvider: string[] = [];
const fakeLatchkey = {
  magicLinks: { authenticate: fakeRedemption(/^token-(\w+)-\d+$/, 'unable_to_auth_magic_link') },
  oauth: { authenticate: fakeRedemption(/^oauth-(\w+)-\d+$/, 'unable_to_auth_oauth_token') },
  users: {
    async delete(userId: string) {
      if (userId.startsWith('user-test-down')) throw new LatchkeyServerError('network_unreachable');
      if (userId.startsWith('user-test-gone'))
        throw new LatchkeyServerError('user_not_found', { status: 404 });
      deletedAtProvider.push(userId);
      return { user_id: userId };
    },
  },
} as unknown as LatchkeyServerClient;

/** The endpoint secret the provider would sign with (`whsec_` + base64 of 24 random bytes). */
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

/**
 * On PostgreSQL, a database of this run's own, dropped after it: the server outlives a run, and a
 * second run against it found the first one's campaigns and users.
 */
async function ownPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `clickwise_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

let postgres: Awaited<ReturnType<typeof ownPostgresDatabase>> | undefined;

beforeAll(async () => {
  // `npm test` runs this file a second time on a real PostgreSQL server (TEST_DATABASE_URL).
  if (process.env.TEST_DATABASE_URL) postgres = await ownPostgresDatabase(process.env.TEST_DATABASE_URL);
  const config: ClickwiseConfig = {
    host: '127.0.0.1',
    port: 3000,
    publicOrigin: ORIGIN,
    providerUrl: 'http://localhost:4000',
    database: postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null },
    project: () => ({
      projectId: 'project-test-x',
      publicToken: 'public-token-test-x',
      secret: 'secret-test-x',
    }),
    googleOAuth: false,
    sentryDsn: null,
    webhookSecret: () => WEBHOOK_SECRET,
    devWebhookFile: null,
  };
  const handle = await openDatabase(config.database);
  app = { ...(await createAppContext(config, { clock, handle })), latchkey: () => fakeLatchkey };
  context = { clickwise: app };
});
afterAll(async () => {
  await app?.close();
  await postgres?.drop();
});

const args = (request: Request, params: Record<string, string> = {}, on: AppLoadContext = context) =>
  ({ request, params, context: on }) as unknown as ActionFunctionArgs;

const get = (path: string, cookie?: string) =>
  new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Runs a loader or action; a thrown Response (404, 401, 403) is returned like a returned one. */
async function run(
  fn: (a: ActionFunctionArgs) => unknown,
  request: Request,
  params?: Record<string, string>,
  on: AppLoadContext = context,
) {
  try {
    return await fn(args(request, params, on));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit })?.init?.status ?? 200);

/** What /user/authenticate answers for the provider's redirect back with a `type` token. */
const redeem = (type: string, token: string) =>
  run(authenticateLoader, get(`/user/authenticate?stytch_token_type=${type}&token=${token}`));

let tokenCounter = 0;
/** Signs `who` in through /user/authenticate and returns the Cookie header the browser would send. */
async function signIn(who: string): Promise<string> {
  const result = await redeem('magic_links', `token-${who}-${++tokenCounter}`);
  expect(result).toBeInstanceOf(Response);
  const setCookie = (result as Response).headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

const campaignForm = {
  name: 'Running shoes',
  search_terms: 'buy running shoes',
  headline: 'Running shoes for every runner',
  description: 'Light, fast and comfortable.',
  daily_budget: '25',
  locations: 'United States',
  starts_on: '2026-12-01',
  ends_on: '',
};

async function createCampaignAs(cookie: string): Promise<number> {
  const result = await run(newCampaignAction, post('/campaign', campaignForm, { cookie }));
  expect(statusOf(result)).toBe(303);
  const location = (result as Response).headers.get('location') ?? '';
  return Number(/\/campaigns\/(\d+)$/.exec(location)?.[1]);
}

/** Posts the campaign form with `name` to campaign `id`'s edit action as `cookie`; the answer's status. */
async function editStatus(cookie: string, id: number, name: string): Promise<number> {
  const form = post(`/campaigns/${id}/edit`, { ...campaignForm, name }, { cookie });
  return statusOf(await run(editAction, form, { id: String(id) }));
}

describe('/user/authenticate', () => {
  it('redeems the token server-side, links a local user with a positive integer id, sets the cookie', async () => {
    const result = (await redeem('magic_links', 'token-ada-1000')) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/campaigns');
    expect(result.headers.get('referrer-policy')).toBe('no-referrer');
    const setCookie = result.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^clickwise_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // plain-http localhost
    const user = await currentUser(get('/', setCookie.split(';')[0]), context);
    expect(user).toMatchObject({ latchkey_user_id: 'user-test-ada', email: 'ada@example.com' });
    expect(Number.isInteger(user?.id) && (user?.id ?? 0) > 0).toBe(true);

    // Login after signup: the same Latchkey user finds the same local user.
    const again = await currentUser(get('/', await signIn('ada')), context);
    expect(again?.id).toBe(user?.id);
  });

  it('refuses a used, unknown or missing token without a cookie', async () => {
    const used = await redeem('magic_links', 'token-ada-1000');
    expect(statusOf(used)).toBe(401);
    expect(used instanceof Response && used.headers.has('set-cookie')).toBe(false);
    expect(statusOf(await run(authenticateLoader, get('/user/authenticate')))).toBe(400);
  });

  it('redeems a Google sign-in the same way; signing in again, by Google or link, finds the same user', async () => {
    const result = (await redeem('oauth', 'oauth-grace-1')) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/campaigns');
    expect(result.headers.get('cache-control')).toBe('no-store');
    const cookie = (result.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const user = await currentUser(get('/', cookie), context);
    expect(user).toMatchObject({ latchkey_user_id: 'user-test-grace', email: 'grace@example.com' });

    const again = (await redeem('oauth', 'oauth-grace-2')) as Response;
    const secondCookie = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(secondCookie).not.toBe(cookie);
    expect((await currentUser(get('/', secondCookie), context))?.id).toBe(user?.id);
    expect((await currentUser(get('/', await signIn('grace')), context))?.id).toBe(user?.id);
  });

  it('a used Google token, or an unreachable provider, shows a problem and sets no cookie', async () => {
    const used = await redeem('oauth', 'oauth-grace-1');
    expect(statusOf(used)).toBe(401);
    expect(used).toMatchObject({ data: { problem: expect.stringMatching(/Google sign-in has expired/) } });
    const down = await redeem('oauth', 'oauth-down-1');
    expect(statusOf(down)).toBe(503);
    expect(down).toMatchObject({ data: { problem: expect.stringMatching(/could not reach/) } });
  });

  it('a sign-in the provider reports as failed shows its description, with no cookie and nothing redeemed', async () => {
    const cancelled = await run(
      authenticateLoader,
      get(
        '/user/authenticate?stytch_token_type=oauth&error=oauth_user_cancelled&error_description=The+sign-in+was+cancelled+at+the+identity+provider.',
      ),
    );
    expect(cancelled).not.toBeInstanceOf(Response);
    expect(statusOf(cancelled)).toBe(200);
    expect(cancelled).toMatchObject({
      data: { problem: 'The sign-in was cancelled at the identity provider.' },
      init: { headers: { 'Cache-Control': 'no-store' } },
    });
    const unknown = await redeem('sms', 'x');
    expect(statusOf(unknown)).toBe(400);
  });
});

describe('the session cookie', () => {
  it('a forged or malformed cookie is a visitor', async () => {
    const forged = `clickwise_session=${'A'.repeat(43)}`;
    expect(await currentUser(get('/', forged), context)).toBeNull();
    expect(await currentUser(get('/', "clickwise_session=' or 1=1 --"), context)).toBeNull();
    const real = await signIn('bob');
    const tampered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect(await currentUser(get('/', tampered), context)).toBeNull();
    expect(await currentUser(get('/', real), context)).not.toBeNull();
    // A visitor asking for the campaign form gets the sign-in page, not the form.
    expect(await run(newCampaignLoader, get('/campaign', forged))).toMatchObject({
      signedIn: false,
      form: null,
    });
  });

  it('an expired session is refused (it lasts the 60 minutes asked of Latchkey)', async () => {
    const cookie = await signIn('carol');
    now = new Date(now.getTime() + 59 * 60_000);
    expect(await currentUser(get('/', cookie), context)).not.toBeNull();
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await currentUser(get('/', cookie), context)).toBeNull();
  });

  it('signing out revokes the session and clears the cookie', async () => {
    const cookie = await signIn('dave');
    const result = (await run(accountAction, post('/account', {}, { cookie }))) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get('set-cookie')).toMatch(/^clickwise_session=; .*Expires=Thu, 01 Jan 1970/);
    expect(await currentUser(get('/', cookie), context)).toBeNull();
  });
});

describe('behind https (CLICKWISE_PUBLIC_URL=https://clickwise.example, issue 16)', () => {
  const HTTPS_ORIGIN = 'https://clickwise.example';
  let https: AppLoadContext;
  beforeAll(() => {
    https = { clickwise: { ...app, config: { ...app.config, publicOrigin: HTTPS_ORIGIN } } };
  });
  // What the TLS-terminating proxy forwards: the server builds the URL from the public origin.
  const httpsGet = (path: string, cookie?: string) =>
    new Request(`${HTTPS_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

  async function httpsSignIn(who: string): Promise<string> {
    const result = (await run(
      authenticateLoader,
      httpsGet(`/user/authenticate?stytch_token_type=magic_links&token=token-${who}-${++tokenCounter}`),
      {},
      https,
    )) as Response;
    return result.headers.get('set-cookie') ?? '';
  }

  it('sets __Host-clickwise_session with Secure, Path=/ and no Domain', async () => {
    const setCookie = await httpsSignIn('heidi');
    expect(setCookie).toMatch(/^__Host-clickwise_session=[A-Za-z0-9_-]{43}; /);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure']));
    expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
    const cookie = setCookie.split(';')[0] ?? '';
    expect(await currentUser(httpsGet('/', cookie), https)).toMatchObject({ email: 'heidi@example.com' });
  });

  it('reads the session only under the __Host- name', async () => {
    const token = (await httpsSignIn('ivan')).split(';')[0]?.split('=')[1] ?? '';
    // The same token under the bare name, as a sibling subdomain or a plain-http page could plant it.
    expect(await currentUser(httpsGet('/', `clickwise_session=${token}`), https)).toBeNull();
    expect(await currentUser(httpsGet('/', `__Host-clickwise_session=${token}`), https)).not.toBeNull();
  });

  it('signing out clears the __Host- cookie with the same attributes', async () => {
    const cookie = (await httpsSignIn('judith')).split(';')[0] ?? '';
    const signOut = new Request(`${HTTPS_ORIGIN}/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: HTTPS_ORIGIN, cookie },
    });
    const result = (await run(accountAction, signOut, {}, https)) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get('set-cookie')).toMatch(
      /^__Host-clickwise_session=; Path=\/; Expires=Thu, 01 Jan 1970 .*; Secure$/,
    );
    expect(await currentUser(httpsGet('/', cookie), https)).toBeNull();
  });

  it('accepts posts from the https origin only, whatever forwarded headers say', async () => {
    const cookie = (await httpsSignIn('kim')).split(';')[0] ?? '';
    const form = (origin: string, extra: Record<string, string> = {}) =>
      new Request(`${HTTPS_ORIGIN}/campaign`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie, ...extra },
        body: new URLSearchParams(campaignForm),
      });
    expect(statusOf(await run(newCampaignAction, form('http://clickwise.example'), {}, https))).toBe(403);
    const forwarded = {
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'evil.example',
      forwarded: 'host=evil.example',
    };
    expect(statusOf(await run(newCampaignAction, form('https://evil.example', forwarded), {}, https))).toBe(
      403,
    );
    expect(statusOf(await run(newCampaignAction, form(HTTPS_ORIGIN, forwarded), {}, https))).toBe(303);
  });
});

describe('campaigns', () => {
  it('validates on the server: errors come back with the values, nothing is saved', async () => {
    const cookie = await signIn('erin');
    const result = await run(
      newCampaignAction,
      post('/campaign', { ...campaignForm, headline: 'x'.repeat(91), daily_budget: '0' }, { cookie }),
    );
    expect(statusOf(result)).toBe(400);
    expect(result).toMatchObject({
      data: {
        errors: { headline: 'At most 90 characters.', daily_budget: expect.any(String) },
        values: { name: 'Running shoes' },
      },
    });
    expect(await run(campaignsLoader, get('/campaigns', cookie))).toEqual({ campaigns: [] });
  });

  it('a visitor cannot create one', async () => {
    expect(statusOf(await run(newCampaignAction, post('/campaign', campaignForm)))).toBe(401);
  });

  it('is created as a draft from the estimate, then started and paused', async () => {
    const cookie = await signIn('frank');
    const estimate = (await estimateAction(
      args(
        post(
          '/estimate',
          { search: 'buy running shoes', budget: '25' },
          { 'x-requested-with': 'XMLHttpRequest' },
        ),
      ),
    )) as Response;
    const { results_id } = await estimate.json();
    const prefilled = await run(newCampaignLoader, get(`/campaign?adhoc_result=${results_id}`, cookie));
    expect(prefilled).toMatchObject({
      signedIn: true,
      form: { search_terms: 'buy running shoes', daily_budget: '25', starts_on: '2026-11-24' },
    });
    const created = await run(
      newCampaignAction,
      post('/campaign', { ...campaignForm, adhoc_result: results_id }, { cookie }),
    );
    const id = Number(/(\d+)$/.exec((created as Response).headers.get('location') ?? '')?.[1]);
    expect(await run(campaignLoader, get(`/campaigns/${id}`, cookie), { id: String(id) })).toMatchObject({
      campaign: { id, status: 'draft', daily_budget: 25 },
      estimate: { id: results_id, search: 'buy running shoes' },
    });
    const start = (intent: string) =>
      run(campaignAction, post(`/campaigns/${id}`, { intent }, { cookie }), { id: String(id) });
    expect(await start('start')).toEqual({ error: null });
    expect(statusOf(await start('start'))).toBe(409);
    expect(await start('pause')).toEqual({ error: null });
    expect(statusOf(await start('delete'))).toBe(400);
    const list = (await run(campaignsLoader, get('/campaigns', cookie))) as {
      campaigns: { id: number; status: string }[];
    };
    expect(list.campaigns).toMatchObject([
      { id, status: 'paused', estimate: { clicks: expect.any(Number) } },
    ]);
  });

  it("another user's campaign cannot be read, started or edited (404), and is left unchanged", async () => {
    const owner = await signIn('grace');
    const other = await signIn('heidi');
    const id = await createCampaignAs(owner);
    const params = { id: String(id) };
    expect(statusOf(await run(campaignLoader, get(`/campaigns/${id}`, other), params))).toBe(404);
    expect(
      statusOf(
        await run(campaignAction, post(`/campaigns/${id}`, { intent: 'start' }, { cookie: other }), params),
      ),
    ).toBe(404);
    expect(await editStatus(other, id, 'Mine now')).toBe(404);
    expect(await run(campaignsLoader, get('/campaigns', other))).toEqual({ campaigns: [] });
    expect(await run(campaignLoader, get(`/campaigns/${id}`, owner), params)).toMatchObject({
      campaign: { name: 'Running shoes', status: 'draft' },
    });
    // Not-a-number ids are 404 too, never a database error.
    expect(statusOf(await run(campaignLoader, get('/campaigns/1x', owner), { id: '1x' }))).toBe(404);
  });

  it('the owner can edit it, validated like a new one', async () => {
    const owner = await signIn('ivan');
    const id = await createCampaignAs(owner);
    const params = { id: String(id) };
    expect(await editStatus(owner, id, '')).toBe(400);
    expect(await editStatus(owner, id, 'Trail shoes')).toBe(303);
    expect(await run(campaignLoader, get(`/campaigns/${id}`, owner), params)).toMatchObject({
      campaign: { name: 'Trail shoes' },
    });
  });

  it('refuses a cross-origin post', async () => {
    const owner = await signIn('judy');
    const result = await run(
      newCampaignAction,
      post('/campaign', campaignForm, { cookie: owner, origin: 'https://evil.example' }),
    );
    expect(statusOf(result)).toBe(403);
  });

  it('refuses a post the browser marked cross-site that carries no Origin (issue 16)', async () => {
    const owner = await signIn('judy');
    const crossSite = post('/campaign', campaignForm, { cookie: owner, 'sec-fetch-site': 'cross-site' });
    crossSite.headers.delete('origin');
    const before = await app.db
      .selectFrom('campaigns')
      .select(app.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(statusOf(await run(newCampaignAction, crossSite))).toBe(403);
    const after = await app.db
      .selectFrom('campaigns')
      .select(app.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
    // Without Origin and without Sec-Fetch-Site (an old browser, a script) it is judged by the cookie as before.
    const plain = post('/campaign', campaignForm, { cookie: owner });
    plain.headers.delete('origin');
    expect(statusOf(await run(newCampaignAction, plain))).toBe(303);
  });

  it("compares Origin with CLICKWISE_PUBLIC_URL, never with the request's Host", async () => {
    const owner = await signIn('judy');
    // The URL the server built from a client-written Host, and an Origin to match it.
    const request = new Request('http://127.0.0.1:3000/campaign', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://127.0.0.1:3000',
        cookie: owner,
      },
      body: new URLSearchParams(campaignForm),
    });
    expect(statusOf(await run(newCampaignAction, request))).toBe(403);
  });
});

describe('POST /estimate', () => {
  const xhr = { 'x-requested-with': 'XMLHttpRequest' };

  it('answers the XHR with results.conversions, results.clicks, results_id and search', async () => {
    const response = (await run(
      estimateAction,
      post('/estimate', { search: '  buy   running shoes ', budget: '50' }, xhr),
    )) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      results: { conversions: expect.any(Number), clicks: expect.any(Number) },
      results_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      search: 'buy running shoes',
    });
    const again = await (
      (await run(
        estimateAction,
        post('/estimate', { search: 'buy running shoes', budget: '50' }, xhr),
      )) as Response
    ).json();
    expect(again).toEqual(body);
  });

  it('without JavaScript redirects to the landing page showing the stored estimate', async () => {
    const response = (await run(estimateAction, post('/estimate', { search: 'pizza delivery' }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/\?results_id=[A-Za-z0-9_-]{16}#results$/);
  });

  it('refuses blank and oversized terms with a 400, and echoes HTML-laden ones as data', async () => {
    for (const search of ['   ', 'x'.repeat(101), '!!!']) {
      const response = (await run(estimateAction, post('/estimate', { search }, xhr))) as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).error_type).toMatch(/^search_/);
    }
    const html = '<script>alert(1)</script>';
    const response = (await run(estimateAction, post('/estimate', { search: html }, xhr))) as Response;
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await response.json()).search).toBe(html);
  });
});

/** A webhook as the provider sends it: signed with `secret` per Standard Webhooks, no Origin header. */
function signedWebhook(
  event: { type: string; data: Record<string, unknown> },
  options: { id?: string; secret?: string; headers?: Record<string, string> } = {},
): Request {
  const id = options.id ?? `event-test-${randomBytes(8).toString('hex')}`;
  const body = JSON.stringify({ type: event.type, timestamp: new Date().toISOString(), data: event.data });
  const sentAt = new Date();
  const signature = new Webhook(options.secret ?? WEBHOOK_SECRET).sign(id, sentAt, body);
  return new Request(`${ORIGIN}/webhooks/latchkey`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
      ...options.headers,
    },
    body,
  });
}

const userDeleted = (latchkeyUserId: string) => ({
  type: 'user.deleted',
  data: { user_id: latchkeyUserId, status: 'active', emails: [] },
});

/** Posts `request` to the webhook route; its status and JSON body. */
async function deliver(request: Request): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = (await run(webhookAction, request)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What Clickwise holds of Latchkey user `latchkeyUserId`: local user, site sessions, campaigns. */
async function rowsOf(latchkeyUserId: string) {
  const user = await app.db
    .selectFrom('users')
    .selectAll()
    .where('latchkey_user_id', '=', latchkeyUserId)
    .executeTakeFirst();
  const id = user?.id ?? -1;
  const sessions = await app.db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', id)
    .execute();
  const campaigns = await app.db.selectFrom('campaigns').select('id').where('user_id', '=', id).execute();
  return { user: user ?? null, sessions: sessions.length, campaigns: campaigns.length };
}

describe('POST /webhooks/latchkey (Standard Webhooks, issue 20)', () => {
  it('user.deleted deletes the local user, their sessions and campaigns (drafts too); others keep theirs', async () => {
    const cookie = await signIn('hookivan');
    await createCampaignAs(cookie);
    await createCampaignAs(cookie);
    const bystander = await signIn('hookjudy');
    await createCampaignAs(bystander);
    expect(await rowsOf('user-test-hookivan')).toMatchObject({ sessions: 1, campaigns: 2 });

    // Server to server: no Origin, and a browser-style cross-site marker changes nothing.
    const answer = await deliver(
      signedWebhook(userDeleted('user-test-hookivan'), { headers: { 'sec-fetch-site': 'cross-site' } }),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(await rowsOf('user-test-hookivan')).toEqual({ user: null, sessions: 0, campaigns: 0 });
    expect(await currentUser(get('/', cookie), context)).toBeNull();
    expect(await rowsOf('user-test-hookjudy')).toMatchObject({ sessions: 1, campaigns: 1 });
  });

  it('refuses a bad signature, another secret, a missing header or a stale timestamp (401), changing nothing', async () => {
    const cookie = await signIn('hookkim');
    await createCampaignAs(cookie);
    const before = await rowsOf('user-test-hookkim');
    const genuine = signedWebhook(userDeleted('user-test-hookkim'));
    const tampered = new Request(genuine.url, {
      method: 'POST',
      headers: genuine.headers,
      body: JSON.stringify(userDeleted('user-test-hookkim')).replace('}', ' }'),
    });
    const otherSecret = signedWebhook(userDeleted('user-test-hookkim'), {
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    });
    const noSignature = signedWebhook(userDeleted('user-test-hookkim'), {
      headers: { 'webhook-signature': '' },
    });
    const stale = signedWebhook(userDeleted('user-test-hookkim'), {
      headers: { 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) },
    });
    for (const request of [tampered, otherSecret, noSignature, stale]) {
      const answer = await deliver(request);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatch(/^(invalid_signature|missing_headers|timestamp_too_old)$/);
    }
    expect(await rowsOf('user-test-hookkim')).toEqual(before);
    expect(await app.db.selectFrom('received_webhooks').select('webhook_id').execute()).not.toContainEqual({
      webhook_id: genuine.headers.get('webhook-id'),
    });
    // The genuine delivery still works: nothing was recorded by the refused ones.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await rowsOf('user-test-hookkim')).user).toBeNull();
  });

  it('a redelivery of the same webhook-id answers 2xx and deletes nothing more', async () => {
    await createCampaignAs(await signIn('hookleo'));
    const id = 'event-test-replayed-once';
    expect((await deliver(signedWebhook(userDeleted('user-test-hookleo'), { id }))).body).toEqual({
      ok: true,
    });
    // The same Latchkey user id shows up again (a stand-in for any later row the event must not touch).
    const cookie = await signIn('hookleo');
    await createCampaignAs(cookie);
    const again = await deliver(signedWebhook(userDeleted('user-test-hookleo'), { id }));
    expect(again).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(await rowsOf('user-test-hookleo')).toMatchObject({ sessions: 1, campaigns: 1 });
  });

  it('ignores other event types (2xx, nothing changed)', async () => {
    await createCampaignAs(await signIn('hookmia'));
    const before = await rowsOf('user-test-hookmia');
    for (const type of ['user.updated', 'session.revoked', 'user.created']) {
      const answer = await deliver(signedWebhook({ type, data: { user_id: 'user-test-hookmia' } }));
      expect(answer).toEqual({ status: 200, body: { ok: true, ignored: true } });
    }
    expect(await rowsOf('user-test-hookmia')).toEqual(before);
  });

  it('refuses a body over 256 KiB (413) before verifying anything', async () => {
    await signIn('hookoscar');
    const big = signedWebhook({
      type: 'user.deleted',
      data: { user_id: 'user-test-hookoscar', pad: 'x'.repeat(300_000) },
    });
    expect((await deliver(big)).status).toBe(413);
    expect((await rowsOf('user-test-hookoscar')).user).not.toBeNull();
  });

  it('answers 503 and changes nothing while no secret is configured (the provider retries)', async () => {
    await signIn('hookned');
    const unconfigured = { clickwise: { ...app, config: { ...app.config, webhookSecret: () => null } } };
    const response = (await run(
      webhookAction,
      signedWebhook(userDeleted('user-test-hookned')),
      {},
      unconfigured,
    )) as Response;
    expect(response.status).toBe(503);
    expect((await rowsOf('user-test-hookned')).user).not.toBeNull();
  });
});

describe('deleting the account (/account, intent=delete-account)', () => {
  const deleteForm = (cookie: string, headers: Record<string, string> = {}) =>
    post('/account?delete=confirm', { intent: 'delete-account' }, { cookie, ...headers });

  it('asks the provider to delete the user, signs the visitor out and says so on the home page', async () => {
    const cookie = await signIn('hookolga');
    await createCampaignAs(cookie);
    const result = (await run(accountAction, deleteForm(cookie))) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get('location')).toBe('/?account_deleted=1');
    expect(result.headers.get('set-cookie')).toMatch(/^clickwise_session=; /);
    expect(deletedAtProvider).toContain('user-test-hookolga');
    expect(await currentUser(get('/', cookie), context)).toBeNull();
    // The provider is the source of truth: its user.deleted webhook deletes the local rows.
    expect((await rowsOf('user-test-hookolga')).campaigns).toBe(1);
    await deliver(signedWebhook(userDeleted('user-test-hookolga')));
    expect(await rowsOf('user-test-hookolga')).toEqual({ user: null, sessions: 0, campaigns: 0 });
  });

  it('keeps everything and shows an error when the provider cannot delete the user', async () => {
    const cookie = await signIn('down1');
    await createCampaignAs(cookie);
    const before = await rowsOf('user-test-down1');
    const result = await run(accountAction, deleteForm(cookie));
    expect(statusOf(result)).toBe(502);
    expect(JSON.stringify(result)).toContain('Nothing was deleted');
    expect(await rowsOf('user-test-down1')).toEqual(before);
    expect((await currentUser(get('/', cookie), context))?.latchkey_user_id).toBe('user-test-down1');
  });

  it('a user the provider no longer has is deleted locally at once (no webhook will come)', async () => {
    const cookie = await signIn('gone1');
    await createCampaignAs(cookie);
    expect(statusOf(await run(accountAction, deleteForm(cookie)))).toBe(303);
    expect(await rowsOf('user-test-gone1')).toEqual({ user: null, sessions: 0, campaigns: 0 });
  });

  it('refuses a cross-origin post and asks the provider nothing', async () => {
    const cookie = await signIn('hookpat');
    const result = await run(accountAction, deleteForm(cookie, { origin: 'https://evil.example' }));
    expect(statusOf(result)).toBe(403);
    expect(deletedAtProvider).not.toContain('user-test-hookpat');
    expect((await rowsOf('user-test-hookpat')).user).not.toBeNull();
  });
});
