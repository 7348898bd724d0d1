/**
 * SECURITY G4 with LATCHKEY_ETHEREUM_RPC_URLS set: a signature that no key recovers to the
 * address may be a contract wallet's (ERC-1271), and an RPC that cannot answer fails closed (503).
 */
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import {
  authenticateWallet,
  challengeOf,
  devWalletCaller,
  ethereumWallet,
  openChallengeCount,
  startWallet,
  walletState,
} from '../../../test/crypto-wallet-helpers.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

/** A loopback port nothing listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ctx = useTestContext(async () => ({
  ethereumRpcUrls: new Map([[1, `http://127.0.0.1:${await closedPort()}`]]),
}));

it('a signature that does not recover to the address, with the RPC unreachable → 503, nothing created', async () => {
  const wallet = ethereumWallet();
  const challenge = challengeOf(await startWallet(ctx, devWalletCaller(ctx), wallet));
  const before = await walletState(ctx);
  const response = await authenticateWallet(
    ctx,
    devWalletCaller(ctx),
    wallet,
    await ethereumWallet().sign(challenge),
  );
  expect(statusAndErrorType(response)).toEqual([503, 'service_unavailable']);
  expect(response.headers['retry-after']).toBe('5');
  expect(await walletState(ctx)).toEqual(before);
  // Fail closed, and the attempt still used the challenge up.
  expect(await openChallengeCount(ctx, wallet)).toBe(0);
  const retry = await authenticateWallet(ctx, devWalletCaller(ctx), wallet, await wallet.sign(challenge));
  expect(statusAndErrorType(retry)).toEqual([401, 'wallet_verification_failed']);
});

it('a high-s signature never reaches the RPC: 401, not 503', async () => {
  const wallet = ethereumWallet();
  const signature = await wallet.sign(challengeOf(await startWallet(ctx, devWalletCaller(ctx), wallet)));
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const highS = (n - BigInt(`0x${signature.slice(66, 130)}`)).toString(16).padStart(64, '0');
  const v = signature.endsWith('1b') ? '1c' : '1b';
  const response = await authenticateWallet(
    ctx,
    devWalletCaller(ctx),
    wallet,
    `${signature.slice(0, 66)}${highS}${v}`,
  );
  expect(statusAndErrorType(response)).toEqual([401, 'wallet_verification_failed']);
});

it('an ordinary account’s signature needs no RPC and signs in', async () => {
  const wallet = ethereumWallet();
  const signature = await wallet.sign(challengeOf(await startWallet(ctx, devWalletCaller(ctx), wallet)));
  const response = await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature);
  expect(response.statusCode).toBe(200);
  expect(json(response).data.user.crypto_wallets).toHaveLength(1);
});
