/** Intent-named steps of wallet sign-in, driven through the real HTTP API with real keys (viem accounts, ed25519). */
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import type { LightMyRequestResponse } from 'fastify';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { fileScoped } from './file-scoped.js';
import { rowCounts } from './row-counts.js';
import { basic, DEMO_ORIGIN, json, type TestContext } from './test-app.js';

/** A wallet that can sign challenges: an Ethereum EOA or a Solana key pair. */
export interface TestWallet {
  type: 'ethereum' | 'solana';
  address: string;
  /** Signs the exact UTF-8 bytes of `message` as the wallet would (personal_sign / signMessage). */
  sign(message: string): Promise<string>;
}

/** A fresh Ethereum account (EIP-191 personal_sign signatures, 0x hex). */
export function ethereumWallet(): TestWallet & { account: PrivateKeyAccount } {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    type: 'ethereum',
    address: account.address,
    account,
    sign: (message) => account.signMessage({ message }),
  };
}

/** A fresh Solana key pair (ed25519 signatures over the message bytes, base58). */
export function solanaWallet(): TestWallet & { signBytes(bytes: Uint8Array): string } {
  const { secretKey, publicKey } = ed25519.keygen();
  const signBytes = (bytes: Uint8Array) => bs58.encode(ed25519.sign(bytes, secretKey));
  return {
    type: 'solana',
    address: bs58.encode(publicKey),
    signBytes,
    sign: async (message) => signBytes(new TextEncoder().encode(message)),
  };
}

/** Who calls, and from which page. */
export interface WalletCaller {
  publicToken: string;
  sessionToken?: string | undefined;
  /** The page's origin (Origin and X-SDK-Parent-Host); DEMO_ORIGIN by default, null for none. */
  origin?: string | null;
  /** The client address (for the lookup limit). */
  ip?: string;
}

/** The development project, signed out unless a session token is given. */
export const devWalletCaller = (ctx: TestContext, sessionToken?: string): WalletCaller => ({
  publicToken: ctx.dev.public_token,
  sessionToken,
});

/** The page the wallet tests' SIWE project is called from (the first origin they give useSiweCaller). */
export const SIWE_ORIGIN = 'https://wallet.example';

/**
 * A project that requires SIWE messages for wallet sign-ins and accepts `origins`, made in the
 * file's beforeAll (after `ctx` is built): its caller, from the first of `origins`.
 */
export function useSiweCaller(ctx: TestContext, origins: [string, ...string[]]): WalletCaller {
  return fileScoped(
    'the SIWE project',
    async () => {
      const siwe = await ctx.givenProject({ allowedOrigins: origins, siweRequiredForCryptoWallets: true });
      return { publicToken: siwe.public_token, origin: origins[0] };
    },
    async () => {},
  );
}

/** POSTs `payload` to `/sdk/v1{path}` as the SDK would from `caller.origin`. */
export function callWallets(
  ctx: TestContext,
  caller: WalletCaller,
  path: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  const origin = caller.origin === undefined ? DEMO_ORIGIN : caller.origin;
  return ctx.app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: {
      authorization: basic(caller.publicToken, caller.sessionToken ?? caller.publicToken),
      'content-type': 'application/json',
      ...(origin === null ? {} : { origin, 'x-sdk-parent-host': origin }),
    },
    payload: payload as Record<string, unknown>,
    ...(caller.ip ? { remoteAddress: caller.ip } : {}),
  });
}

/** POST /crypto_wallets/authenticate/start/{kind} for `wallet` (body fields may be overridden). */
export function startWallet(
  ctx: TestContext,
  caller: WalletCaller,
  wallet: Pick<TestWallet, 'type' | 'address'>,
  options: { kind?: 'primary' | 'secondary'; body?: Record<string, unknown> } = {},
) {
  return callWallets(ctx, caller, `/crypto_wallets/authenticate/start/${options.kind ?? 'primary'}`, {
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: wallet.type,
    ...options.body,
  });
}

/** The challenge of a start response; throws unless it answered 200. */
export function challengeOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`start failed: ${response.body}`);
  return json(response).data.challenge as string;
}

/** POST /crypto_wallets/authenticate with `signature` (body fields may be overridden). */
export function authenticateWallet(
  ctx: TestContext,
  caller: WalletCaller,
  wallet: Pick<TestWallet, 'type' | 'address'>,
  signature: string,
  body: Record<string, unknown> = {},
) {
  return callWallets(ctx, caller, '/crypto_wallets/authenticate', {
    session_duration_minutes: 60,
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: wallet.type,
    signature,
    ...body,
  });
}

/** Starts, signs the challenge with the wallet and authenticates; returns the challenge and the raw response. */
export async function signInWithWallet(
  ctx: TestContext,
  caller: WalletCaller,
  wallet: TestWallet,
  options: { kind?: 'primary' | 'secondary'; startBody?: Record<string, unknown> } = {},
) {
  const challenge = challengeOf(
    await startWallet(ctx, caller, wallet, { kind: options.kind ?? 'primary', body: options.startBody }),
  );
  const response = await authenticateWallet(ctx, caller, wallet, await wallet.sign(challenge));
  return { challenge, response };
}

/**
 * Everything a refused sign-in must leave alone: the users, wallets and sessions (counts, and
 * each session's factors and expiry, each wallet's owner and last use).
 */
export async function walletState(ctx: TestContext) {
  const counts = await rowCounts(ctx, ['users', 'crypto_wallets', 'sessions', 'emails']);
  const wallets = await ctx.db
    .selectFrom('crypto_wallets')
    .select(['id', 'user_id', 'address', 'last_authenticated_at'])
    .orderBy('id')
    .execute();
  const sessions = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'authentication_factors', 'expires_at', 'revoked_at'])
    .orderBy('id')
    .execute();
  return { counts, wallets, sessions };
}

/** How many of the wallet's challenges are still open (unused, unexpired) at the context's clock. */
export async function openChallengeCount(ctx: TestContext, wallet: Pick<TestWallet, 'address'>) {
  const rows = await ctx.db
    .selectFrom('crypto_wallet_challenges')
    .select('id')
    .where('wallet_address', '=', wallet.address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.clock.now())
    .execute();
  return rows.length;
}
