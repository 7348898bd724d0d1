/** SECURITY G2 under concurrency: one signed challenge gives one sign-in, one user, one wallet (run it against PostgreSQL too). */
import { expect, it } from 'vitest';
import {
  authenticateWallet,
  challengeOf,
  devWalletCaller,
  ethereumWallet,
  openChallengeCount,
  solanaWallet,
  startWallet,
} from '../../../test/crypto-wallet-helpers.js';
import { countRows, sessionCountOf } from '../../../test/row-counts.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

it('20 concurrent sign-ins with one signature give exactly one 200, one user, one wallet and one session', async () => {
  const wallet = ethereumWallet();
  const signature = await wallet.sign(challengeOf(await startWallet(ctx, devWalletCaller(ctx), wallet)));
  const users = await countRows(ctx, 'users');
  const responses = await Promise.all(
    Array.from({ length: 20 }, () => authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature)),
  );
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  for (const loser of responses.filter((r) => r.statusCode !== 200)) {
    expect(statusAndErrorType(loser)).toEqual([401, 'wallet_verification_failed']);
  }
  expect(await countRows(ctx, 'users')).toBe(users + 1);
  const wallets = await ctx.db
    .selectFrom('crypto_wallets')
    .select('user_id')
    .where('address', '=', wallet.address)
    .execute();
  expect(wallets).toHaveLength(1);
  expect(await sessionCountOf(ctx, wallets[0]?.user_id as string)).toBe(1);
});

it('concurrent first sign-ins of one wallet from two challenges make one user', async () => {
  const wallet = solanaWallet();
  // Two pages started at once; each signs its own challenge and sends it at the same moment.
  const [a, b] = await Promise.all([
    startWallet(ctx, devWalletCaller(ctx), wallet),
    startWallet(ctx, devWalletCaller(ctx), wallet),
  ]);
  const signatures = await Promise.all([wallet.sign(challengeOf(a)), wallet.sign(challengeOf(b))]);
  const responses = await Promise.all(
    signatures.map((signature) => authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature)),
  );
  const ok = responses.filter((r) => r.statusCode === 200).map((r) => json(r).data.user_id);
  expect(ok.length).toBeGreaterThanOrEqual(1);
  expect(new Set(ok).size).toBe(1);
  expect(
    await ctx.db.selectFrom('crypto_wallets').select('id').where('address', '=', wallet.address).execute(),
  ).toHaveLength(1);
});

it('12 concurrent starts for one wallet leave at most 5 open challenges', async () => {
  const wallet = ethereumWallet();
  const responses = await Promise.all(
    Array.from({ length: 12 }, () => startWallet(ctx, devWalletCaller(ctx), wallet)),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  expect(await openChallengeCount(ctx, wallet)).toBe(5);
});
