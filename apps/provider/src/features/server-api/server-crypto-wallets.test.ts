/**
 * Issue 20: the server API's wallet sign-in (`/v1/crypto_wallets…`, Basic project_id:secret) with
 * real signatures (viem accounts, ed25519), on PGlite and TEST_DATABASE_URL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateWallet,
  challengeOf,
  ethereumWallet,
  solanaWallet,
  startWallet,
  type TestWallet,
  walletState,
} from '../../../test/crypto-wallet-helpers.js';
import { signInTo } from '../../../test/magic-link-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import {
  basic,
  DEMO_ORIGIN,
  DEMO_REDIRECT,
  json,
  okJson,
  statusAndErrorType,
} from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { LOOKUP_LIMITS } from '../../rate-limit/lookup-throttle.js';

const ctx = useTestContext();
const PAGE = 'https://wallet.example';
let project: { project_id: string; secret: string; public_token: string };
let secret: string;

beforeAll(async () => {
  project = await ctx.givenProject({
    allowedOrigins: [PAGE, DEMO_ORIGIN],
    allowedRedirectUrls: [DEMO_REDIRECT],
    defaultLoginRedirectUrl: DEMO_REDIRECT,
    defaultSignupRedirectUrl: DEMO_REDIRECT,
  });
  secret = basic(project.project_id, project.secret);
});

function call(path: string, payload: Record<string, unknown>, authorization = secret) {
  return postServerApi(ctx, `/v1/crypto_wallets${path}`, authorization, payload);
}

const SIWE = { domain: 'wallet.example', uri: 'https://wallet.example/login' };

function start(wallet: Pick<TestWallet, 'type' | 'address'>, extra: Record<string, unknown> = {}) {
  return call('/authenticate/start', {
    crypto_wallet_type: wallet.type,
    crypto_wallet_address: wallet.address,
    ...extra,
  });
}

async function signedBy(wallet: TestWallet, startExtra: Record<string, unknown> = {}) {
  const started = okJson(await start(wallet, startExtra));
  return { started, signature: await wallet.sign(started.challenge) };
}

function finish(
  wallet: Pick<TestWallet, 'type' | 'address'>,
  signature: string,
  extra: Record<string, unknown> = {},
) {
  return call('/authenticate', {
    crypto_wallet_type: wallet.type,
    crypto_wallet_address: wallet.address,
    signature,
    ...extra,
  });
}

/** A 400 invalid_request naming `field`, and no challenge stored. */
async function expectBadField(response: Promise<LightMyRequestResponse>, field: string) {
  const before = await countRows(ctx, 'crypto_wallet_challenges');
  const answered = await response;
  const body = json(answered);
  expect([answered.statusCode, body.error_type], `${field}: ${answered.body}`).toEqual([
    400,
    'invalid_request',
  ]);
  expect(JSON.stringify(body.body ?? []) + body.error_message, answered.body).toContain(field);
  expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(before);
}

describe('sign in from the server', () => {
  it('Ethereum with siwe_params: the SIWE message names the page; the signature signs in a new user', async () => {
    const wallet = ethereumWallet();
    const started = okJson(
      await start(wallet, { siwe_params: { ...SIWE, chain_id: '137', statement: 'Hi.' } }),
    );
    expect(started).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: '',
      challenge: expect.stringContaining('wallet.example wants you to sign in with your Ethereum account:'),
      user_created: false,
    });
    expect(started.challenge).toContain('URI: https://wallet.example/login');
    expect(started.challenge).toContain('Chain ID: 137');

    const signedIn = okJson(
      await finish(wallet, await wallet.sign(started.challenge), {
        session_duration_minutes: 60,
        session_custom_claims: { tier: 'gold' },
      }),
    );
    expect(signedIn).toMatchObject({
      status_code: 200,
      user_id: expect.stringMatching(/^user-test-/),
      crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-/),
      session: { custom_claims: { tier: 'gold' } },
      session_token: expect.any(String),
      siwe_params: {
        domain: 'wallet.example',
        uri: 'https://wallet.example/login',
        chain_id: '137',
        resources: [],
        status_code: 200,
        issued_at: expect.any(String),
      },
    });
    expect(signedIn.session.user_id).toBe(signedIn.user_id);
    expect(signedIn.user.crypto_wallets).toEqual([
      expect.objectContaining({
        crypto_wallet_id: signedIn.crypto_wallet_id,
        crypto_wallet_type: 'ethereum',
      }),
    ]);
    const check = await postServerApi(ctx, '/v1/sessions/authenticate', secret, {
      session_token: signedIn.session_token,
    });
    expect(json(check).session.session_id).toBe(signedIn.session.session_id);

    // The wallet's user is named at the next start.
    expect(okJson(await start(wallet)).user_id).toBe(signedIn.user_id);
  });

  it("without siwe_params: the project's first allowed origin; Solana signs in too", async () => {
    for (const wallet of [ethereumWallet(), solanaWallet()] as TestWallet[]) {
      const { started, signature } = await signedBy(wallet);
      expect(started.challenge).toContain('wallet.example');
      const signedIn = okJson(await finish(wallet, signature, { session_duration_minutes: 30 }));
      expect(signedIn.user.crypto_wallets[0]).toMatchObject({ crypto_wallet_type: wallet.type });
      expect(signedIn.siwe_params).toBeUndefined();
    }
  });

  it('a replayed signature → 401 wallet_verification_failed, nothing changed', async () => {
    const wallet = ethereumWallet();
    const { signature } = await signedBy(wallet, { siwe_params: SIWE });
    okJson(await finish(wallet, signature, { session_duration_minutes: 30 }));
    const before = await walletState(ctx);
    const again = await finish(wallet, signature, { session_duration_minutes: 30 });
    expect(statusAndErrorType(again)).toEqual([401, 'wallet_verification_failed']);
    expect(await walletState(ctx)).toEqual(before);
  });

  it('a wrong signature uses the challenge up: the right one afterwards is refused too', async () => {
    const wallet = ethereumWallet();
    const { started, signature } = await signedBy(wallet);
    const wrong = await finish(wallet, await ethereumWallet().sign(started.challenge));
    expect(statusAndErrorType(wrong)).toEqual([401, 'wallet_verification_failed']);
    const late = await finish(wallet, signature);
    expect(statusAndErrorType(late)).toEqual([401, 'wallet_verification_failed']);
  });
});

describe('adding a wallet to a user the integrator names', () => {
  it('user_id: the start names the user, the signature adds the wallet to them; a session_token gains the factor', async () => {
    const created = okJson(
      await postServerApi(ctx, '/v1/users', secret, { email: 'wallet-owner@example.com' }),
    );
    const wallet = ethereumWallet();
    const { started, signature } = await signedBy(wallet, { user_id: created.user_id, siwe_params: SIWE });
    expect(started.user_id).toBe(created.user_id);
    const added = okJson(await finish(wallet, signature, { session_duration_minutes: 30 }));
    expect(added.user_id).toBe(created.user_id);

    // With the user's session named, the session gains the wallet factor.
    const session = added.session_token as string;
    const second = solanaWallet();
    const linked = await signedBy(second, { session_token: session });
    const stepped = okJson(await finish(second, linked.signature, { session_token: session }));
    expect(stepped.session.session_id).toBe(added.session.session_id);
    expect(stepped.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'crypto',
      'crypto',
    ]);
    expect(stepped.user.crypto_wallets).toHaveLength(2);

    // Another user's wallet → 409 at the start, nothing stored.
    const other = okJson(
      await postServerApi(ctx, '/v1/users', secret, { email: 'wallet-other@example.com' }),
    );
    const before = await countRows(ctx, 'crypto_wallet_challenges');
    const taken = await start(wallet, { user_id: other.user_id });
    expect(statusAndErrorType(taken)).toEqual([409, 'crypto_wallet_in_use']);
    expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(before);
  });
});

describe('refusals', () => {
  it('bad input → 400 naming the field, no challenge stored', async () => {
    const wallet = ethereumWallet();
    const other = { domain: 'evil.example', uri: 'https://evil.example/login' };
    await expectBadField(start(wallet, { siwe_params: other }), 'siwe_params.uri');
    await expectBadField(
      start(wallet, { siwe_params: { ...SIWE, domain: 'evil.example' } }),
      'siwe_params.domain',
    );
    await expectBadField(start(wallet, { siwe_params: { ...SIWE, uri: 'not a uri' } }), 'siwe_params.uri');
    await expectBadField(start(wallet, { siwe_params: { uri: SIWE.uri } }), 'domain');
    await expectBadField(start(wallet, { siwe_params: { ...SIWE, chain_id: 'abc' } }), 'chain_id');
    await expectBadField(start(wallet, { siwe_params: { ...SIWE, nonce: 'mine' } }), 'nonce');
    await expectBadField(start(solanaWallet(), { siwe_params: SIWE }), 'siwe_params');
    await expectBadField(start({ type: 'ethereum', address: '0x1234' }), 'crypto_wallet_address');
    await expectBadField(start({ type: 'bitcoin' as never, address: wallet.address }), 'crypto_wallet_type');
    await expectBadField(start(wallet, { user_id: 'x', session_token: 'y' }), 'session_token');
    await expectBadField(start(wallet, { extra: 1 }), 'extra');
    const unknown = await start(wallet, { user_id: 'user-test-00000000-0000-4000-8000-000000000000' });
    expect(statusAndErrorType(unknown)).toEqual([404, 'user_not_found']);
  });

  it('page_origin names another allowed page for either wallet type; a page the project does not have → 400', async () => {
    const wallet = solanaWallet();
    const { started, signature } = await signedBy(wallet, { page_origin: DEMO_ORIGIN });
    expect(started.challenge).toContain(new URL(DEMO_ORIGIN).host);
    expect(started.challenge).not.toContain('wallet.example');
    expect(okJson(await finish(wallet, signature)).user.crypto_wallets).toHaveLength(1);
    // SECURITY G1: a local page is the development project's only, never this project's.
    await expectBadField(start(solanaWallet(), { page_origin: 'http://localhost:3000' }), 'page_origin');
    await expectBadField(start(solanaWallet(), { page_origin: 'https://evil.example' }), 'page_origin');
    await expectBadField(start(solanaWallet(), { page_origin: `${PAGE}/login` }), 'page_origin');
    await expectBadField(
      start(ethereumWallet(), { page_origin: DEMO_ORIGIN, siwe_params: SIWE }),
      'page_origin',
    );
    okJson(await start(ethereumWallet(), { page_origin: PAGE, siwe_params: SIWE }));
  });

  it("a browser's challenge is not answered by the server API, nor a server's by the browser", async () => {
    const wallet = ethereumWallet();
    const browserChallenge = challengeOf(
      await startWallet(ctx, { publicToken: project.public_token, origin: PAGE }, wallet),
    );
    const viaServer = await finish(wallet, await wallet.sign(browserChallenge));
    expect(statusAndErrorType(viaServer)).toEqual([401, 'wallet_verification_failed']);

    const { signature } = await signedBy(wallet);
    const viaBrowser = await authenticateWallet(
      ctx,
      { publicToken: project.public_token, origin: PAGE },
      wallet,
      signature,
    );
    expect(statusAndErrorType(viaBrowser)).toEqual([401, 'wallet_verification_failed']);
  });

  it("counts starts against the project's limit only: the calling address is the integrator's server", async () => {
    // One more than a browser network may start in a minute (LOOKUP_LIMITS.crypto_start.ipPerMinute).
    const starts = LOOKUP_LIMITS.crypto_start.ipPerMinute + 1;
    const wallet = solanaWallet();
    const statuses: number[] = [];
    for (let i = 0; i < starts; i += 1) statuses.push((await start(wallet)).statusCode);
    expect(statuses).toEqual(Array(starts).fill(200));
  });

  it('a public token, a session token or a Bearer in place of the secret → 403, nothing stored', async () => {
    const signedIn = await signInTo(ctx, project.public_token, 'wallet-forbidden@example.com');
    const wallet = ethereumWallet();
    const before = {
      state: await walletState(ctx),
      challenges: await countRows(ctx, 'crypto_wallet_challenges'),
    };
    const cases: [string, string][] = [
      [basic(project.project_id, project.public_token), 'public_token_forbidden'],
      [basic(project.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_token}`, 'session_token_forbidden'],
    ];
    for (const [authorization, type] of cases) {
      for (const path of ['/authenticate/start', '/authenticate']) {
        const body = {
          crypto_wallet_type: 'ethereum',
          crypto_wallet_address: wallet.address,
          signature: '0x00',
        };
        const response = await call(path, body, authorization);
        expect(statusAndErrorType(response), `${path} ${type}`).toEqual([403, type]);
      }
    }
    expect({
      state: await walletState(ctx),
      challenges: await countRows(ctx, 'crypto_wallet_challenges'),
    }).toEqual(before);
  });
});

describe('the development project (no allowed origins of its own)', () => {
  const dev = () => devProjectAuthorization(ctx);

  it('Solana signs in from the server for a local page named by page_origin', async () => {
    const wallet = solanaWallet();
    const started = okJson(
      await call(
        '/authenticate/start',
        {
          crypto_wallet_type: wallet.type,
          crypto_wallet_address: wallet.address,
          page_origin: 'http://localhost:5173',
        },
        dev(),
      ),
    );
    expect(started.challenge).toContain('localhost:5173');
    const signedIn = okJson(
      await call(
        '/authenticate',
        {
          crypto_wallet_type: wallet.type,
          crypto_wallet_address: wallet.address,
          signature: await wallet.sign(started.challenge),
          session_duration_minutes: 30,
        },
        dev(),
      ),
    );
    expect(signedIn.user.crypto_wallets[0]).toMatchObject({ crypto_wallet_type: 'solana' });
  });

  it('no page named, or a page that is not local → 400 naming page_origin, no challenge stored', async () => {
    const before = await countRows(ctx, 'crypto_wallet_challenges');
    for (const page_origin of [
      undefined,
      'https://evil.example',
      'http://evil.example:3000',
      'http://localhost:0',
    ]) {
      const wallet = solanaWallet();
      const response = await call(
        '/authenticate/start',
        {
          crypto_wallet_type: wallet.type,
          crypto_wallet_address: wallet.address,
          ...(page_origin === undefined ? {} : { page_origin }),
        },
        dev(),
      );
      expect(statusAndErrorType(response), String(page_origin)).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body), String(page_origin)).toContain('.page_origin');
    }
    expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(before);
  });
});
