/**
 * Refused wallet sign-ins (SECURITY G1, G2, G4, G5): every refusal answers its error, creates no
 * user, wallet or session, and uses up the wallet's open challenges.
 */
import bs58 from 'bs58';
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
  type TestWallet,
  useSiweCaller,
  type WalletCaller,
  walletState,
} from '../../../test/crypto-wallet-helpers.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { DEMO_ORIGIN, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { LOOKUP_LIMITS } from '../../rate-limit/lookup-throttle.js';

const OTHER_SIWE_ORIGIN = 'https://other.example';
/** Another page the development project accepts. */
const OTHER_LOCAL_ORIGIN = 'http://localhost:5173';
/** The order n of secp256k1: s and n − s both verify, only the low one is accepted. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const ctx = useTestContext();
const siweCaller = useSiweCaller(ctx, [SIWE_ORIGIN, OTHER_SIWE_ORIGIN]);

/** Asserts the refusal and that no user, wallet or session was created or changed since `before`. */
async function expectRefused(
  response: Awaited<ReturnType<typeof authenticateWallet>>,
  before: Awaited<ReturnType<typeof walletState>>,
  status = 401,
  errorType = 'wallet_verification_failed',
) {
  expect(statusAndErrorType(response)).toEqual([status, errorType]);
  expect(await walletState(ctx)).toEqual(before);
}

/** Starts a challenge and returns it with the wallet's signature over it. */
async function signedChallenge(
  wallet: TestWallet,
  caller: WalletCaller,
  kind: 'primary' | 'secondary' = 'primary',
) {
  const challenge = challengeOf(await startWallet(ctx, caller, wallet, { kind }));
  return { challenge, signature: await wallet.sign(challenge) };
}

/** `0x` r ‖ s ‖ v of a 65-byte signature. */
function splitSignature(signature: string) {
  return {
    r: signature.slice(2, 66),
    s: signature.slice(66, 130),
    v: Number.parseInt(signature.slice(130), 16),
  };
}
const joinSignature = (r: string, s: string, v: number) => `0x${r}${s}${v.toString(16).padStart(2, '0')}`;

describe('G1: a signed message is answered only from the page it was made for', () => {
  it('SIWE: presented from another allowed origin → 401; the nonce is used up, so the right origin then fails too', async () => {
    const wallet = ethereumWallet();
    const { signature } = await signedChallenge(wallet, siweCaller);
    const before = await walletState(ctx);
    await expectRefused(
      await authenticateWallet(ctx, { ...siweCaller, origin: OTHER_SIWE_ORIGIN }, wallet, signature),
      before,
    );
    expect(await openChallengeCount(ctx, wallet)).toBe(0);
    await expectRefused(await authenticateWallet(ctx, siweCaller, wallet, signature), before);
  });

  it('without SIWE: presented from another local port → 401, and then from the right one → 401', async () => {
    for (const wallet of [ethereumWallet(), solanaWallet()]) {
      const { signature } = await signedChallenge(wallet, devWalletCaller(ctx));
      const before = await walletState(ctx);
      await expectRefused(
        await authenticateWallet(
          ctx,
          { ...devWalletCaller(ctx), origin: OTHER_LOCAL_ORIGIN },
          wallet,
          signature,
        ),
        before,
      );
      await expectRefused(await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature), before);
    }
  });

  it('a start whose SIWE uri is on another origin → 400, nothing stored', async () => {
    const challenges = await countRows(ctx, 'crypto_wallet_challenges');
    const response = await startWallet(ctx, siweCaller, ethereumWallet(), {
      body: { siwe_params: { uri: `${OTHER_SIWE_ORIGIN}/login` } },
    });
    expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
    expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(challenges);
  });

  it('no Origin at authenticate → 403 invalid_origin, and the challenge stays usable', async () => {
    const wallet = solanaWallet();
    const { signature } = await signedChallenge(wallet, devWalletCaller(ctx));
    const before = await walletState(ctx);
    await expectRefused(
      await authenticateWallet(ctx, { ...devWalletCaller(ctx), origin: null }, wallet, signature),
      before,
      403,
      'invalid_origin',
    );
    expect((await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature)).statusCode).toBe(200);
  });
});

describe('G2: a challenge is single use, issued by us, and bound to its session', () => {
  it('a reused signed message → 401, no second session', async () => {
    const wallet = ethereumWallet();
    const { signature } = await signedChallenge(wallet, siweCaller);
    expect((await authenticateWallet(ctx, siweCaller, wallet, signature)).statusCode).toBe(200);
    await expectRefused(await authenticateWallet(ctx, siweCaller, wallet, signature), await walletState(ctx));
  });

  it('a message we never issued → 401', async () => {
    const wallet = ethereumWallet();
    const now = ctx.clock.now();
    const forged = `${DEMO_ORIGIN} asks you to sign in with your Ethereum account.\n\nWallet: ${wallet.address}\nNonce: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\nIssued At: ${now.toISOString()}\nExpiration Time: ${new Date(now.getTime() + 300_000).toISOString()}`;
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, await wallet.sign(forged)),
      await walletState(ctx),
    );
  });

  it('a secondary challenge presented without a session, or with another, → 401; it is then used up', async () => {
    const user = await givenSignedInUser(ctx, 'stepper@example.com');
    const intruder = await givenSignedInUser(ctx, 'intruder@example.com');
    const wallet = ethereumWallet();
    const before = await walletState(ctx);
    const first = await signedChallenge(wallet, devWalletCaller(ctx, user.session_token), 'secondary');
    await expectRefused(await authenticateWallet(ctx, devWalletCaller(ctx), wallet, first.signature), before);
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, first.signature),
      before,
    );
    const second = await signedChallenge(wallet, devWalletCaller(ctx, user.session_token), 'secondary');
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx, intruder.session_token), wallet, second.signature),
      before,
    );
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, second.signature),
      before,
    );
  });

  it('a caller-supplied nonce in siwe_params → 400 invalid_request', async () => {
    const response = await startWallet(ctx, siweCaller, ethereumWallet(), {
      body: { siwe_params: { nonce: 'chosenbythecaller' } },
    });
    expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
  });

  it('a message signed after it expired (6 minutes) → 401', async () => {
    for (const caller of [siweCaller, devWalletCaller(ctx)]) {
      const wallet = ethereumWallet();
      const { signature } = await signedChallenge(wallet, caller);
      ctx.clock.advance(6 * 60_000);
      await expectRefused(await authenticateWallet(ctx, caller, wallet, signature), await walletState(ctx));
    }
  });
});

describe('G4: Ethereum signatures', () => {
  it('another key’s signature → 401', async () => {
    const wallet = ethereumWallet();
    const { challenge } = await signedChallenge(wallet, siweCaller);
    const signature = await ethereumWallet().sign(challenge);
    await expectRefused(await authenticateWallet(ctx, siweCaller, wallet, signature), await walletState(ctx));
  });

  it.each([29, 37, 2])('v = %i → 401', async (v) => {
    const wallet = ethereumWallet();
    const { signature } = await signedChallenge(wallet, devWalletCaller(ctx));
    const { r, s } = splitSignature(signature);
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, joinSignature(r, s, v)),
      await walletState(ctx),
    );
  });

  it('v written as 0/1 (yParity) is the same signature and signs in', async () => {
    const wallet = ethereumWallet();
    const { signature } = await signedChallenge(wallet, devWalletCaller(ctx));
    const { r, s, v } = splitSignature(signature);
    const response = await authenticateWallet(ctx, devWalletCaller(ctx), wallet, joinSignature(r, s, v - 27));
    expect(response.statusCode).toBe(200);
  });

  it('the high-s twin of a valid signature → 401', async () => {
    const wallet = ethereumWallet();
    const { signature } = await signedChallenge(wallet, siweCaller);
    const { r, s, v } = splitSignature(signature);
    const highS = (SECP256K1_N - BigInt(`0x${s}`)).toString(16).padStart(64, '0');
    await expectRefused(
      await authenticateWallet(ctx, siweCaller, wallet, joinSignature(r, highS, v === 27 ? 28 : 27)),
      await walletState(ctx),
    );
  });

  it.each([
    ['not hex', 'hello'],
    ['64 bytes', `0x${'11'.repeat(64)}`],
  ])('a signature that is %s → 401', async (_name, signature) => {
    const wallet = ethereumWallet();
    await signedChallenge(wallet, devWalletCaller(ctx));
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature),
      await walletState(ctx),
    );
  });

  it('a signature that is not a string of 1 to 8 192 characters → 400, the challenge untouched', async () => {
    const wallet = ethereumWallet();
    await signedChallenge(wallet, devWalletCaller(ctx));
    const before = await walletState(ctx);
    for (const signature of ['', 'a'.repeat(8193), 42]) {
      await expectRefused(
        await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature as string),
        before,
        400,
        'invalid_request',
      );
    }
    expect(await openChallengeCount(ctx, wallet)).toBe(1);
  });
});

describe('G5: Sign-In With Solana', () => {
  it.each([
    ['CRLF line ends', (m: string) => m.replaceAll('\n', '\r\n')],
    ['a trailing space', (m: string) => `${m} `],
    ['a trailing newline', (m: string) => `${m}\n`],
  ])('a signature over the message with %s → 401', async (_name, change) => {
    const wallet = solanaWallet();
    const { challenge } = await signedChallenge(wallet, devWalletCaller(ctx));
    const signature = wallet.signBytes(new TextEncoder().encode(change(challenge)));
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature),
      await walletState(ctx),
    );
  });

  it.each([31, 33])('an address of %i bytes → 400 at start and at authenticate', async (length) => {
    const address = bs58.encode(new Uint8Array(length).fill(7));
    const before = await walletState(ctx);
    const started = await startWallet(ctx, devWalletCaller(ctx), { type: 'solana', address });
    expect(statusAndErrorType(started)).toEqual([400, 'invalid_request']);
    await expectRefused(
      await authenticateWallet(
        ctx,
        devWalletCaller(ctx),
        { type: 'solana', address },
        bs58.encode(new Uint8Array(64)),
      ),
      before,
      400,
      'invalid_request',
    );
  });

  it('a replayed signature → 401', async () => {
    const wallet = solanaWallet();
    const { signature } = await signedChallenge(wallet, devWalletCaller(ctx));
    expect((await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature)).statusCode).toBe(200);
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, signature),
      await walletState(ctx),
    );
  });

  it('another key’s signature, or one of 63 bytes → 401', async () => {
    const wallet = solanaWallet();
    const { challenge } = await signedChallenge(wallet, devWalletCaller(ctx));
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, await solanaWallet().sign(challenge)),
      await walletState(ctx),
    );
    const again = await signedChallenge(wallet, devWalletCaller(ctx));
    const short = bs58.encode(bs58.decode(again.signature).slice(0, 63));
    await expectRefused(
      await authenticateWallet(ctx, devWalletCaller(ctx), wallet, short),
      await walletState(ctx),
    );
  });
});

describe('rate limit (lookup throttle kind crypto_start)', () => {
  it(`admits ${LOOKUP_LIMITS.crypto_start.ipPerMinute} starts a minute from one network, then 429 with Retry-After`, async () => {
    const project = await ctx.givenProject({ allowedOrigins: [DEMO_ORIGIN] });
    const caller = (ip: string): WalletCaller => ({ publicToken: project.public_token, ip });
    const wallet = solanaWallet();
    // Refused starts use no budget.
    for (let i = 0; i < 5; i += 1) {
      const refused = await startWallet(ctx, caller('192.0.2.50'), {
        type: 'solana',
        address: 'not-base58-0OIl',
      });
      expect(refused.statusCode).toBe(400);
    }
    for (let i = 0; i < LOOKUP_LIMITS.crypto_start.ipPerMinute; i += 1) {
      expect((await startWallet(ctx, caller('192.0.2.50'), wallet)).statusCode).toBe(200);
    }
    const challenges = await countRows(ctx, 'crypto_wallet_challenges');
    const limited = await startWallet(ctx, caller('192.0.2.50'), wallet, { kind: 'primary' });
    expect(statusAndErrorType(limited)).toEqual([429, 'too_many_requests']);
    expect(limited.headers['retry-after']).toBe('60');
    expect(await countRows(ctx, 'crypto_wallet_challenges')).toBe(challenges);
    expect((await startWallet(ctx, caller('192.0.2.51'), wallet)).statusCode).toBe(200);
  });
});
