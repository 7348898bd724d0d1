/** POST /crypto_wallets/authenticate that passes: first and later sign-ins, step-up, and linking a wallet to the signed-in user. */
import { describe, expect, it } from 'vitest';
import {
  authenticateWallet,
  challengeOf,
  devWalletCaller,
  ethereumWallet,
  SIWE_ORIGIN,
  signInWithWallet,
  solanaWallet,
  startWallet,
  type TestWallet,
  useSiweCaller,
  type WalletCaller,
  walletState,
} from '../../../test/crypto-wallet-helpers.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { DEMO_ORIGIN, json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const siweCaller = useSiweCaller(ctx, [SIWE_ORIGIN]);

/** The factor a sign-in with `walletId` adds, at the context's clock. */
function factorOf(wallet: TestWallet, walletId: string) {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: ctx.clock.now().toISOString(),
    crypto_wallet_factor: {
      crypto_wallet_id: walletId,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: wallet.type,
    },
  };
}

const flavours: Array<[string, () => TestWallet, () => WalletCaller]> = [
  ['Ethereum without SIWE', ethereumWallet, () => devWalletCaller(ctx)],
  ['Ethereum with SIWE', ethereumWallet, () => siweCaller],
  ['Solana', solanaWallet, () => devWalletCaller(ctx)],
];

describe.each(flavours)('primary sign-in: %s', (_name, makeWallet, callerOf) => {
  it('the first sign-in creates an active user with the verified wallet and a new session', async () => {
    const wallet = makeWallet();
    const before = await walletState(ctx);
    const { response } = await signInWithWallet(ctx, callerOf(), wallet);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.crypto_wallet_id).toMatch(/^crypto-wallet-test-[0-9a-f-]{36}$/);
    expect(data.user).toEqual(data.__user);
    expect(data.user).toMatchObject({
      user_id: data.user_id,
      status: 'active',
      emails: [],
      phone_numbers: [],
      crypto_wallets: [
        {
          crypto_wallet_id: data.crypto_wallet_id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
          verified: true,
        },
      ],
    });
    expect(data.session.authentication_factors).toEqual([factorOf(wallet, data.crypto_wallet_id)]);
    expect(data.session_token).toEqual(expect.any(String));
    const after = await walletState(ctx);
    expect(after.counts).toEqual({
      ...before.counts,
      users: before.counts.users + 1,
      crypto_wallets: before.counts.crypto_wallets + 1,
      sessions: before.counts.sessions + 1,
    });
    // The session token signs in: /users/me knows the wallet.
    const page = callerOf().origin ?? DEMO_ORIGIN;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/sdk/v1/users/me',
      headers: {
        ...sdkHeaders(callerOf().publicToken, data.session_token),
        origin: page,
        'x-sdk-parent-host': page,
      },
    });
    expect(json(me).data.crypto_wallets).toEqual(data.user.crypto_wallets);
  });

  it('a later sign-in finds the same user and makes another session', async () => {
    const wallet = makeWallet();
    const first = json((await signInWithWallet(ctx, callerOf(), wallet)).response).data;
    ctx.clock.advance(60_000);
    const before = await walletState(ctx);
    const { response } = await signInWithWallet(ctx, callerOf(), wallet);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect([data.user_id, data.crypto_wallet_id]).toEqual([first.user_id, first.crypto_wallet_id]);
    expect(data.session.session_id).not.toBe(first.session.session_id);
    expect(data.session.authentication_factors).toEqual([factorOf(wallet, first.crypto_wallet_id)]);
    const after = await walletState(ctx);
    expect(after.counts).toEqual({ ...before.counts, sessions: before.counts.sessions + 1 });
    expect(after.wallets.find((w) => w.id === first.crypto_wallet_id)?.last_authenticated_at).toEqual(
      ctx.clock.now(),
    );
  });
});

describe('primary sign-in while signed in', () => {
  it('a live session of the wallet’s user gains the factor (same token)', async () => {
    const wallet = ethereumWallet();
    const first = json((await signInWithWallet(ctx, devWalletCaller(ctx), wallet)).response).data;
    const before = await walletState(ctx);
    const { response } = await signInWithWallet(ctx, devWalletCaller(ctx, first.session_token), wallet);
    const { data } = json(response);
    expect([data.session_token, data.session.session_id]).toEqual([
      first.session_token,
      first.session.session_id,
    ]);
    // The repeated factor replaces the earlier entry for the same wallet.
    expect(data.session.authentication_factors).toEqual([factorOf(wallet, first.crypto_wallet_id)]);
    expect((await walletState(ctx)).counts).toEqual(before.counts);
  });

  it('a session of another user is left alone: the wallet’s user gets a new session', async () => {
    const other = await givenSignedInUser(ctx, 'other-user@example.com');
    const wallet = solanaWallet();
    const { response } = await signInWithWallet(ctx, devWalletCaller(ctx, other.session_token), wallet);
    const { data } = json(response);
    expect(data.user_id).not.toBe(other.user_id);
    expect(data.session_token).not.toBe(other.session_token);
    const otherSession = await ctx.db
      .selectFrom('sessions')
      .select('authentication_factors')
      .where('id', '=', other.session.session_id as string)
      .executeTakeFirstOrThrow();
    expect(otherSession.authentication_factors.map((f) => f.type)).toEqual(['magic_link']);
  });

  it('the address may be sent in any case: one wallet, one user', async () => {
    const wallet = ethereumWallet();
    const first = json((await signInWithWallet(ctx, devWalletCaller(ctx), wallet)).response).data;
    const lower = { ...wallet, address: wallet.address.toLowerCase() };
    const challenge = challengeOf(await startWallet(ctx, devWalletCaller(ctx), lower));
    const response = await authenticateWallet(ctx, devWalletCaller(ctx), lower, await wallet.sign(challenge));
    expect(json(response).data.user_id).toBe(first.user_id);
  });
});

describe('secondary: adding a wallet to the signed-in user', () => {
  it.each([
    ['Ethereum', ethereumWallet],
    ['Solana', solanaWallet],
  ])(
    '%s: the wallet joins the user and the factor joins the presented session',
    async (_name, makeWallet) => {
      const user = await givenSignedInUser(ctx, `${_name.toLowerCase()}-linker@example.com`);
      const wallet = makeWallet();
      const before = await walletState(ctx);
      const { response } = await signInWithWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, {
        kind: 'secondary',
      });
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect([data.user_id, data.session_token]).toEqual([user.user_id, user.session_token]);
      expect(data.session.session_id).toBe(user.session.session_id);
      expect(data.user.emails).toEqual(user.user.emails);
      expect(data.user.crypto_wallets).toEqual([
        {
          crypto_wallet_id: data.crypto_wallet_id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
          verified: true,
        },
      ]);
      expect(data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
        'magic_link',
        'crypto',
      ]);
      expect(data.session.authentication_factors[1]).toEqual(factorOf(wallet, data.crypto_wallet_id));
      expect((await walletState(ctx)).counts).toEqual({
        ...before.counts,
        crypto_wallets: before.counts.crypto_wallets + 1,
      });
      // A later primary sign-in with the wallet signs in to that same user.
      const later = json((await signInWithWallet(ctx, devWalletCaller(ctx), wallet)).response).data;
      expect(later.user_id).toBe(user.user_id);
    },
  );

  it('a wallet of another account → 409 crypto_wallet_in_use, nothing linked or changed', async () => {
    const wallet = ethereumWallet();
    const owner = json((await signInWithWallet(ctx, devWalletCaller(ctx), wallet)).response).data;
    const user = await givenSignedInUser(ctx, 'not-the-owner@example.com');
    const before = await walletState(ctx);
    const { response } = await signInWithWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, {
      kind: 'secondary',
    });
    expect(statusAndErrorType(response)).toEqual([409, 'crypto_wallet_in_use']);
    expect(await walletState(ctx)).toEqual(before);
    const wallets = await ctx.db
      .selectFrom('crypto_wallets')
      .select('user_id')
      .where('address', '=', wallet.address)
      .execute();
    expect(wallets).toEqual([{ user_id: owner.user_id }]);
  });

  it('a wallet the user already has: the session gains the factor, nothing new is stored', async () => {
    const wallet = solanaWallet();
    const first = json((await signInWithWallet(ctx, devWalletCaller(ctx), wallet)).response).data;
    const before = await walletState(ctx);
    const { response } = await signInWithWallet(ctx, devWalletCaller(ctx, first.session_token), wallet, {
      kind: 'secondary',
    });
    expect(json(response).data.crypto_wallet_id).toBe(first.crypto_wallet_id);
    expect((await walletState(ctx)).counts).toEqual(before.counts);
  });
});
