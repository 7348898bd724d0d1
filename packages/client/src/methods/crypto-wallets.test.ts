import { describe, expect } from 'vitest';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import { apiError, bareApiError, createTestClient, ok, PUBLIC_TOKEN } from '../testing/fakes.js';
import { authResponse, makeSession, makeUser } from '../testing/wire-objects.js';
import type {
  CryptoWalletSiweParams,
  CryptoWalletsAuthenticateOptions,
  CryptoWalletsAuthenticateStartOptions,
} from './crypto-wallets.js';

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOL_ADDRESS = 'GSbwUMsM7zTXzYBr3cSqPqfE7Hk3SYPiFJZaYz1rLkFs';
const START = { request_id: 'request-id-test-start', status_code: 200, challenge: 'Sign this: nonce abc' };
const WALLET = {
  crypto_wallet_id: 'crypto-wallet-test-1',
  crypto_wallet_address: ETH_ADDRESS,
  crypto_wallet_type: 'ethereum',
  verified: true,
};

/** A client whose bootstrap has the given SIWE flag; `signedIn` seeds a session (no refresh answer). */
function walletClient({ siwe = false, signedIn = false } = {}) {
  return createTestClient({
    signedIn,
    bootstrap: { siwe_required_for_crypto_wallets: siwe },
    prepare(setup) {
      setup.fetch.on('POST /crypto_wallets/authenticate/start/primary', ok(START));
      setup.fetch.on('POST /crypto_wallets/authenticate/start/secondary', ok(START));
    },
  });
}

/** Starts a wallet sign-in on a signed-out client, SIWE on or off; answers the request it sent to /start/primary. */
async function signedOutStart(siwe: boolean, options: CryptoWalletsAuthenticateStartOptions) {
  const { client, fetch } = walletClient({ siwe });
  await client.cryptoWallets.authenticateStart(options);
  return fetch.calls('POST /crypto_wallets/authenticate/start/primary')[0]!;
}

/** Every SIWE key, given out of the wire's order and with a key the provider would refuse. */
const ALL_SIWE = {
  resources: ['https://app.example/terms'],
  message_request_id: 'req-7',
  not_before: '2030-01-01T00:00:00.000Z',
  statement: 'Welcome back.',
  issued_at: '2030-01-01T00:00:00.000Z',
  chain_id: 137,
  uri: 'http://localhost:4100/login',
  nonce: 'chosen-by-the-caller',
} as CryptoWalletSiweParams;

describe('cryptoWallets.authenticateStart', () => {
  it('signed out: /start/primary with address then type, resolving the challenge', async () => {
    const { client, fetch } = walletClient();
    const result = await client.cryptoWallets.authenticateStart({
      crypto_wallet_type: 'ethereum',
      crypto_wallet_address: ETH_ADDRESS,
    });
    const [start] = fetch.calls('POST /crypto_wallets/authenticate/start/primary');
    expect(start!.url).toBe('http://provider.test/sdk/v1/crypto_wallets/authenticate/start/primary');
    expect(start!.body).toBe(`{"crypto_wallet_address":"${ETH_ADDRESS}","crypto_wallet_type":"ethereum"}`);
    expect(start!.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`);
    expect(fetch.calls('POST /crypto_wallets/authenticate/start/secondary')).toHaveLength(0);
    expect(result).toEqual(START);
    expect(client.session.getSync()).toBeNull();
  });

  it('signed in here: /start/secondary with the session token', async () => {
    const { client, fetch } = walletClient({ signedIn: true });
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: SOL_ADDRESS,
      crypto_wallet_type: 'solana',
    });
    expect(fetch.calls('POST /crypto_wallets/authenticate/start/primary')).toHaveLength(0);
    const [start] = fetch.calls('POST /crypto_wallets/authenticate/start/secondary');
    expect(start!.json).toEqual({ crypto_wallet_address: SOL_ADDRESS, crypto_wallet_type: 'solana' });
    expect(start!.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:session-token-0`)}`);
  });

  it('SIWE off: drops the caller’s siwe_params', async () => {
    const start = await signedOutStart(false, {
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: ALL_SIWE,
    });
    expect(start.json).not.toHaveProperty('siwe_params');
  });

  it('SIWE on, Ethereum: sends siwe_params in the wire order, known keys only', async () => {
    const start = await signedOutStart(true, {
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: ALL_SIWE,
    });
    expect(start.body).toBe(
      JSON.stringify({
        crypto_wallet_address: ETH_ADDRESS,
        crypto_wallet_type: 'ethereum',
        siwe_params: {
          uri: 'http://localhost:4100/login',
          chain_id: 137,
          issued_at: '2030-01-01T00:00:00.000Z',
          statement: 'Welcome back.',
          not_before: '2030-01-01T00:00:00.000Z',
          message_request_id: 'req-7',
          resources: ['https://app.example/terms'],
        },
      }),
    );
  });

  it('SIWE on, Ethereum, no siwe_params: uri defaults to the page origin', async () => {
    const { client, fetch } = walletClient({ siwe: true });
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: { chain_id: 10 },
    });
    const [first, second] = fetch.calls('POST /crypto_wallets/authenticate/start/primary');
    expect(first!.json).toEqual({
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: { uri: 'http://localhost:4100' },
    });
    expect(second!.body).toContain('"siwe_params":{"uri":"http://localhost:4100","chain_id":10}');
  });

  it('SIWE on, Solana: drops siwe_params (SIWE is Ethereum only)', async () => {
    const start = await signedOutStart(true, {
      crypto_wallet_address: SOL_ADDRESS,
      crypto_wallet_type: 'solana',
      siwe_params: ALL_SIWE,
    });
    expect(start.json).toEqual({
      crypto_wallet_address: SOL_ADDRESS,
      crypto_wallet_type: 'solana',
    });
  });

  it('surfaces a provider error as a LatchkeyApiError, with a default text when it has none', async () => {
    const { client, fetch } = walletClient();
    fetch.on(
      'POST /crypto_wallets/authenticate/start/primary',
      apiError(400, 'invalid_request', 'crypto_wallet_address is not an Ethereum address.'),
    );
    const options = { crypto_wallet_address: '0x12', crypto_wallet_type: 'ethereum' };
    await expectApiError(client.cryptoWallets.authenticateStart(options), {
      code: 'invalid_request',
      status: 400,
      message: 'crypto_wallet_address is not an Ethereum address.',
      requestId: 'request-id-err',
    });
    fetch.on('POST /crypto_wallets/authenticate/start/primary', bareApiError(429, 'too_many_requests'));
    await expect(client.cryptoWallets.authenticateStart(options)).rejects.toMatchObject({
      code: 'too_many_requests',
      message: 'Failed to start crypto wallet authentication.',
    });
  });

  it('checks its arguments, naming them, before any request', async () => {
    const { client, fetch } = walletClient({ siwe: true });
    const base = { crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum' };
    const bad: [unknown, string][] = [
      [undefined, 'crypto_wallet_address must be a string'],
      ['0xabc', 'options must be an object'],
      [{ ...base, crypto_wallet_address: '' }, 'crypto_wallet_address must not be empty'],
      [{ ...base, crypto_wallet_address: 42 }, 'crypto_wallet_address must be a string'],
      [{ ...base, crypto_wallet_type: '' }, 'crypto_wallet_type must not be empty'],
      [{ ...base, crypto_wallet_type: null }, 'crypto_wallet_type must be a string'],
      [{ ...base, siwe_params: 'yes' }, 'siwe_params must be an object'],
      [{ ...base, siwe_params: { uri: 1 } }, 'siwe_params.uri must be a string'],
      [{ ...base, siwe_params: { chain_id: '0x1' } }, 'siwe_params.chain_id must be a number'],
      [
        { ...base, siwe_params: { resources: 'https://a' } },
        'siwe_params.resources must be an array of strings',
      ],
    ];
    for (const [options, message] of bad) {
      await expectArgumentError(
        client.cryptoWallets.authenticateStart(options as CryptoWalletsAuthenticateStartOptions),
        { message },
      );
    }
    expect(fetch.calls('POST /crypto_wallets/authenticate/start/primary')).toHaveLength(0);
  });
});

describe('cryptoWallets.authenticate', () => {
  const OPTIONS: CryptoWalletsAuthenticateOptions = {
    signature: '0xsigned',
    crypto_wallet_type: 'ethereum',
    crypto_wallet_address: ETH_ADDRESS,
    session_duration_minutes: 60,
  };

  it('sends the body in wire order, signs in from __user (envelope fields stripped) and drops __user', async () => {
    const { client, fetch, cookies } = walletClient();
    const stored = makeUser({ user_id: 'user-from-internal', crypto_wallets: [WALLET] });
    fetch.on(
      'POST /crypto_wallets/authenticate',
      ok({
        ...authResponse(makeSession({ session_id: 'session-test-wallet' }), makeUser()),
        __user: { ...stored, request_id: 'request-id-test-1', status_code: 200 },
        crypto_wallet_id: 'crypto-wallet-test-1',
      }),
    );
    const result = await client.cryptoWallets.authenticate(OPTIONS);
    const [call] = fetch.calls('POST /crypto_wallets/authenticate');
    expect(call!.url).toBe('http://provider.test/sdk/v1/crypto_wallets/authenticate');
    expect(call!.body).toBe(
      `{"session_duration_minutes":60,"crypto_wallet_address":"${ETH_ADDRESS}",` +
        '"crypto_wallet_type":"ethereum","signature":"0xsigned"}',
    );
    expect(result).not.toHaveProperty('__user');
    expect(result.crypto_wallet_id).toBe('crypto-wallet-test-1');
    expect(result.user).toEqual(makeUser());
    expect(client.user.getSync()).toEqual(stored);
    expect(client.session.getSync()?.session_id).toBe('session-test-wallet');
    expect(cookies.get()).toContain('stytch_session=session-token-1');
    expect(client.session.getTokens()).toEqual({
      session_token: 'session-token-1',
      session_jwt: 'jwt-for-session-token-1',
    });
  });

  it('signed in here: sends the session token; the session keeps the new factor', async () => {
    const { client, fetch } = walletClient({ signedIn: true });
    const factor = {
      type: 'crypto',
      delivery_method: 'crypto_wallet',
      last_authenticated_at: '2030-01-01T00:00:00.000Z',
      crypto_wallet_factor: {
        crypto_wallet_id: 'crypto-wallet-test-1',
        crypto_wallet_address: ETH_ADDRESS,
        crypto_wallet_type: 'ethereum',
      },
    };
    fetch.on(
      'POST /crypto_wallets/authenticate',
      ok({
        ...authResponse(makeSession({ authentication_factors: [factor] })),
        crypto_wallet_id: 'crypto-wallet-test-1',
      }),
    );
    await client.cryptoWallets.authenticate(OPTIONS);
    expect(fetch.calls('POST /crypto_wallets/authenticate')[0]!.headers.Authorization).toBe(
      `Basic ${btoa(`${PUBLIC_TOKEN}:session-token-0`)}`,
    );
    expect(client.session.getSync()?.authentication_factors).toEqual([factor]);
  });

  it('surfaces a failed verification as a LatchkeyApiError and stays signed out', async () => {
    const { client, fetch, cookies } = walletClient();
    fetch.on(
      'POST /crypto_wallets/authenticate',
      apiError(
        401,
        'wallet_verification_failed',
        'The wallet signature could not be verified. Start again and sign the new message.',
      ),
    );
    await expectApiError(client.cryptoWallets.authenticate(OPTIONS), {
      code: 'wallet_verification_failed',
      status: 401,
      message: 'The wallet signature could not be verified. Start again and sign the new message.',
    });
    expect(client.session.getSync()).toBeNull();
    expect(cookies.get()).not.toContain('stytch_session=');
  });

  it('gives a provider error without a message the default text', async () => {
    const { client, fetch } = walletClient();
    fetch.on('POST /crypto_wallets/authenticate', bareApiError(503, 'service_unavailable'));
    await expect(client.cryptoWallets.authenticate(OPTIONS)).rejects.toMatchObject({
      code: 'service_unavailable',
      message: 'Failed to authenticate crypto wallet.',
    });
  });

  it('checks its arguments, naming them, before any request', async () => {
    const { client, fetch } = walletClient();
    const bad: [unknown, string][] = [
      [undefined, 'crypto_wallet_address must be a string'],
      [{ ...OPTIONS, crypto_wallet_address: '' }, 'crypto_wallet_address must not be empty'],
      [{ ...OPTIONS, crypto_wallet_type: '' }, 'crypto_wallet_type must not be empty'],
      [{ ...OPTIONS, signature: '' }, 'signature must not be empty'],
      [{ ...OPTIONS, signature: new Uint8Array(65) }, 'signature must be a string'],
      [
        { ...OPTIONS, session_duration_minutes: undefined },
        'session_duration_minutes must be a positive integer',
      ],
      [{ ...OPTIONS, session_duration_minutes: 0 }, 'session_duration_minutes must be a positive integer'],
      [{ ...OPTIONS, session_duration_minutes: 2.5 }, 'session_duration_minutes must be a positive integer'],
      [{ ...OPTIONS, session_duration_minutes: '60' }, 'session_duration_minutes must be a positive integer'],
    ];
    for (const [options, message] of bad) {
      await expectArgumentError(
        client.cryptoWallets.authenticate(options as CryptoWalletsAuthenticateOptions),
        {
          message,
        },
      );
    }
    expect(fetch.calls('POST /crypto_wallets/authenticate')).toHaveLength(0);
  });
});
