/** POST /crypto_wallets/authenticate/start/{primary,secondary}: the messages, what they are bound to, and what is refused. */
import { getAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import {
  authenticateWallet,
  challengeOf,
  devWalletCaller,
  ethereumWallet,
  openChallengeCount,
  SIWE_ORIGIN,
  solanaWallet,
  startWallet,
  useSiweCaller,
} from '../../../test/crypto-wallet-helpers.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { DEMO_ORIGIN, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const FIVE_MINUTES_MS = 5 * 60_000;

const ctx = useTestContext();
const siweCaller = useSiweCaller(ctx, [SIWE_ORIGIN, 'http://localhost:4100']);

/** 400 invalid_request (or another refusal) and no challenge stored. */
async function expectRefusedStart(
  response: Promise<Awaited<ReturnType<typeof startWallet>>>,
  status: number,
  errorType: string,
) {
  const before = await countRows(ctx, 'crypto_wallet_challenges');
  const answered = await response;
  expect(statusAndErrorType(answered)).toEqual([status, errorType]);
  expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(before);
  return json(answered);
}

describe('messages', () => {
  it('Ethereum without SIWE: the plain message with the checksum address, valid five minutes', async () => {
    const wallet = ethereumWallet();
    const now = ctx.clock.now();
    // Any spelling of the address names the wallet; the message shows the checksum form.
    const response = await startWallet(ctx, devWalletCaller(ctx), {
      ...wallet,
      address: wallet.address.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    const challenge = challengeOf(response);
    const nonce = /\nNonce: ([A-Za-z0-9]{32})\n/.exec(challenge)?.[1];
    expect(nonce).toBeDefined();
    expect(challenge).toBe(
      `${DEMO_ORIGIN} asks you to sign in with your Ethereum account.\n\nWallet: ${getAddress(wallet.address)}\nNonce: ${nonce}\nIssued At: ${now.toISOString()}\nExpiration Time: ${new Date(now.getTime() + FIVE_MINUTES_MS).toISOString()}`,
    );
    const row = await ctx.db
      .selectFrom('crypto_wallet_challenges')
      .selectAll()
      .where('nonce', '=', nonce as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      wallet_type: 'ethereum',
      wallet_address: wallet.address,
      message: challenge,
      origin: DEMO_ORIGIN,
      session_id: null,
      user_id: null,
      siwe: false,
      used_at: null,
    });
    expect(row.expires_at.getTime() - now.getTime()).toBe(FIVE_MINUTES_MS);
  });

  it('Solana: Sign-In With Solana text; siwe_params are ignored', async () => {
    const wallet = solanaWallet();
    const now = ctx.clock.now();
    const challenge = challengeOf(
      await startWallet(ctx, devWalletCaller(ctx), wallet, { body: { siwe_params: { nonce: 'mine' } } }),
    );
    const nonce = /\nNonce: ([A-Za-z0-9]{32})\n/.exec(challenge)?.[1];
    expect(challenge).toBe(
      `localhost:4100 wants you to sign in with your Solana account:\n${wallet.address}\n\nSign in with your Solana account.\n\nURI: ${DEMO_ORIGIN}\nVersion: 1\nChain ID: mainnet\nNonce: ${nonce}\nIssued At: ${now.toISOString()}\nExpiration Time: ${new Date(now.getTime() + FIVE_MINUTES_MS).toISOString()}`,
    );
  });

  it('a project without SIWE ignores siwe_params for Ethereum too', async () => {
    const challenge = challengeOf(
      await startWallet(ctx, devWalletCaller(ctx), ethereumWallet(), {
        body: { siwe_params: { nonce: 'mine', chain_id: 'x' } },
      }),
    );
    expect(challenge).toMatch(/^http:\/\/localhost:4100 asks you to sign in with your Ethereum account\./);
  });

  it('a SIWE project: an EIP-4361 message for the page, with the caller’s chain, statement and resources', async () => {
    const wallet = ethereumWallet();
    const now = ctx.clock.now();
    const plain = parseSiweMessage(challengeOf(await startWallet(ctx, siweCaller, wallet)));
    expect(plain).toEqual({
      domain: 'wallet.example',
      address: wallet.address,
      statement: 'Sign in with your Ethereum account.',
      uri: SIWE_ORIGIN,
      version: '1',
      chainId: 1,
      nonce: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      issuedAt: now,
      expirationTime: new Date(now.getTime() + FIVE_MINUTES_MS),
    });
    const chosen = parseSiweMessage(
      challengeOf(
        await startWallet(ctx, siweCaller, wallet, {
          body: {
            siwe_params: {
              uri: `${SIWE_ORIGIN}/login`,
              chain_id: 8453,
              statement: 'Welcome back.',
              message_request_id: 'req-1',
              resources: ['https://wallet.example/terms'],
            },
          },
        }),
      ),
    );
    expect(chosen).toMatchObject({
      uri: `${SIWE_ORIGIN}/login`,
      chainId: 8453,
      statement: 'Welcome back.',
      requestId: 'req-1',
      resources: ['https://wallet.example/terms'],
    });
    const row = await ctx.db
      .selectFrom('crypto_wallet_challenges')
      .select(['chain_id', 'siwe', 'origin'])
      .where('nonce', '=', chosen.nonce as string)
      .executeTakeFirstOrThrow();
    expect({ ...row, chain_id: Number(row.chain_id) }).toEqual({
      chain_id: 8453,
      siwe: true,
      origin: SIWE_ORIGIN,
    });
  });

  it('a SIWE message for an http page names the scheme', async () => {
    const message = challengeOf(
      await startWallet(ctx, { ...siweCaller, origin: 'http://localhost:4100' }, ethereumWallet()),
    );
    expect(message.split('\n')[0]).toBe(
      'http://localhost:4100 wants you to sign in with your Ethereum account:',
    );
    expect(parseSiweMessage(message)).toMatchObject({ scheme: 'http', domain: 'localhost:4100' });
  });
});

describe('open challenges', () => {
  it('a sixth start retires the oldest: its signature no longer signs in', async () => {
    const wallet = ethereumWallet();
    const first = challengeOf(await startWallet(ctx, devWalletCaller(ctx), wallet));
    for (let i = 0; i < 5; i += 1) await startWallet(ctx, devWalletCaller(ctx), wallet);
    expect(await openChallengeCount(ctx, wallet)).toBe(5);
    const response = await authenticateWallet(ctx, devWalletCaller(ctx), wallet, await wallet.sign(first));
    expect(statusAndErrorType(response)).toEqual([401, 'wallet_verification_failed']);
    // The attempt used up the five open ones as well.
    expect(await openChallengeCount(ctx, wallet)).toBe(0);
  });

  it('a secondary start binds the challenge to the session and its user', async () => {
    const user = await givenSignedInUser(ctx, 'bound@example.com');
    const wallet = solanaWallet();
    await startWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, { kind: 'secondary' });
    const row = await ctx.db
      .selectFrom('crypto_wallet_challenges')
      .select(['session_id', 'user_id'])
      .where('wallet_address', '=', wallet.address)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ session_id: user.session.session_id, user_id: user.user_id });
  });

  it('expired challenges are swept when new ones are issued', async () => {
    await startWallet(ctx, devWalletCaller(ctx), ethereumWallet());
    ctx.clock.advance(FIVE_MINUTES_MS + 61_000);
    await startWallet(ctx, devWalletCaller(ctx), ethereumWallet());
    const expired = await ctx.db
      .selectFrom('crypto_wallet_challenges')
      .select('id')
      .where('expires_at', '<=', ctx.clock.now())
      .execute();
    expect(expired).toEqual([]);
    expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(1);
  });
});

/** `address` (EIP-55) with one letter's case flipped so that it still mixes cases. */
function spoilChecksum(address: string): string {
  const hex = address.slice(2);
  const lowerCount = hex.match(/[a-f]/g)?.length ?? 0;
  const spoiled =
    lowerCount >= 2
      ? hex.replace(/[a-f]/, (c) => c.toUpperCase())
      : hex.replace(/[A-F]/, (c) => c.toLowerCase());
  return `0x${spoiled}`;
}

describe('refused starts store nothing', () => {
  const eth = () => ethereumWallet();

  it.each([
    ['no 0x', (a: string) => a.slice(2)],
    ['39 hex digits', (a: string) => a.slice(0, -1)],
    ['a non-hex digit', (a: string) => `${a.slice(0, -1)}g`],
    // Flip the case of one letter of a checksummed address, keeping both cases: mixed case that is no
    // longer EIP-55. (Upper-casing the only lower-case letter would give an all-caps address, which
    // EIP-55 accepts: that made this case fail about once in a few hundred random wallets.)
    ['a bad EIP-55 checksum', spoilChecksum],
  ])('Ethereum address with %s → 400 invalid_request', async (_name, spoil) => {
    const wallet = eth();
    const address = spoil(wallet.address);
    expect(address).not.toBe(wallet.address);
    const body = await expectRefusedStart(
      startWallet(ctx, devWalletCaller(ctx), { type: 'ethereum', address }),
      400,
      'invalid_request',
    );
    expect(body.error_message).toMatch(/Ethereum crypto_wallet_address/);
  });

  it('an unknown wallet type → 400 invalid_request', async () => {
    await expectRefusedStart(
      startWallet(ctx, devWalletCaller(ctx), { type: 'bitcoin' as 'ethereum', address: eth().address }),
      400,
      'invalid_request',
    );
  });

  it('a wrong JSON type → 400 invalid_request naming the field', async () => {
    const body = await expectRefusedStart(
      startWallet(ctx, devWalletCaller(ctx), eth(), { body: { crypto_wallet_address: 42 } }),
      400,
      'invalid_request',
    );
    expect(body.body).toEqual([expect.objectContaining({ dataPath: '.crypto_wallet_address' })]);
    await expectRefusedStart(
      startWallet(ctx, siweCaller, eth(), { body: { siwe_params: 'chain_id=1' } }),
      400,
      'invalid_request',
    );
  });

  it('SIWE: a caller nonce, another origin’s uri or a bad chain id → 400 invalid_request', async () => {
    for (const siwe_params of [
      { nonce: 'aaaaaaaaaaaaaaaa' },
      { uri: 'https://evil.example/login' },
      { chain_id: 0 },
      { issued_at: new Date(ctx.clock.now().getTime() - 10 * 60_000).toISOString() },
    ]) {
      await expectRefusedStart(
        startWallet(ctx, siweCaller, eth(), { body: { siwe_params } }),
        400,
        'invalid_request',
      );
    }
  });

  it('no Origin header, or one the project does not accept → 403 invalid_origin', async () => {
    const body = await expectRefusedStart(
      startWallet(ctx, { ...devWalletCaller(ctx), origin: null }, eth()),
      403,
      'invalid_origin',
    );
    expect(body.error_message).toMatch(/Origin header/);
    await expectRefusedStart(
      startWallet(ctx, { ...siweCaller, origin: 'https://evil.example' }, eth()),
      403,
      'invalid_origin',
    );
  });

  it('secondary without a session → 401 user_unauthenticated; with a dead one → 404 session_not_found', async () => {
    await expectRefusedStart(
      startWallet(ctx, devWalletCaller(ctx), eth(), { kind: 'secondary' }),
      401,
      'user_unauthenticated',
    );
    await expectRefusedStart(
      startWallet(ctx, devWalletCaller(ctx, 'not-a-session-token'), eth(), { kind: 'secondary' }),
      404,
      'session_not_found',
    );
  });
});
