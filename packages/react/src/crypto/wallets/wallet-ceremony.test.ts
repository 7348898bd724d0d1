import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { freshWindowsPerTest } from '../../testing/fresh-window.js';
import { CryptoWalletError } from './crypto-wallet-error.js';
import { connectWallet, signWalletMessage } from './wallet-ceremony.js';
import { currentWallets } from './wallet-discovery.js';

const freshWindow = freshWindowsPerTest();

// Non-ASCII and line breaks, as in the provider's challenges: the bytes signed must be its UTF-8.
const MESSAGE = 'localhost:3000 wants you to sign in.\n\nNonce: AbC123\nGrüße — 🔐';
const REJECTED = Object.freeze({ code: 4001, message: 'User rejected the request.' });

/** An EIP-1193 wallet announced through EIP-6963, signing with a real viem local account. */
function ethereumWallet(overrides: Partial<Record<string, (params?: unknown[]) => unknown>> = {}) {
  const win = freshWindow();
  const account = privateKeyToAccount(generatePrivateKey());
  const methods: Record<string, (params?: unknown[]) => unknown> = {
    eth_requestAccounts: () => [account.address.toLowerCase()],
    eth_chainId: () => '0x89',
    personal_sign: ([data, address] = []) => {
      if (String(address).toLowerCase() !== account.address.toLowerCase()) throw { code: 4100 };
      return account.signMessage({ message: { raw: data as `0x${string}` } });
    },
    ...overrides,
  };
  const provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
      const handler = methods[method];
      if (!handler) throw { code: 4200, message: `Unsupported ${method}` };
      return handler(params);
    }),
  };
  win.addEventListener('eip6963:requestProvider', () => {
    const info = { uuid: 'u', name: 'Test wallet', icon: '', rdns: 'io.test' };
    win.dispatchEvent(new win.CustomEvent('eip6963:announceProvider', { detail: { info, provider } }));
  });
  return { win, account, provider };
}

function solanaKeys() {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  return { secretKey, publicKey, address: bs58.encode(publicKey) };
}

/** A wallet-standard Solana wallet loaded before the app, signing with a real ed25519 key. */
function standardSolanaWallet(overrides: Record<string, unknown> = {}) {
  const win = freshWindow();
  const keys = solanaKeys();
  const wallet = {
    version: '1.0.0',
    name: 'Solflare',
    chains: ['solana:mainnet'],
    accounts: [] as { address: string }[],
    features: {
      'standard:connect': {
        connect: vi.fn(async () => {
          wallet.accounts = [{ address: keys.address }];
          return { accounts: wallet.accounts };
        }),
      },
      'solana:signMessage': {
        signMessage: vi.fn(
          async ({ account, message }: { account: { address: string }; message: Uint8Array }) => {
            if (account !== wallet.accounts[0]) throw new Error('unknown account');
            return [{ signedMessage: message, signature: ed25519.sign(message, keys.secretKey) }];
          },
        ),
      },
    },
    ...overrides,
  };
  win.addEventListener('wallet-standard:app-ready', (event) => {
    (event as CustomEvent<{ register(wallet: object): void }>).detail.register(wallet);
  });
  return { win, keys, wallet };
}

/** A Phantom-style `window.solana`, signing with a real ed25519 key. */
function injectedSolanaWallet(publicKeyShape: 'web3' | 'toString-only' = 'web3') {
  const win = freshWindow();
  const keys = solanaKeys();
  const publicKey =
    publicKeyShape === 'web3'
      ? { toBase58: () => keys.address, toString: () => keys.address }
      : { toString: () => keys.address };
  const provider = {
    isPhantom: true,
    connect: vi.fn(async () => ({ publicKey })),
    signMessage: vi.fn(async (message: Uint8Array, display: string) => {
      if (display !== 'utf8') throw new Error('display');
      return { signature: ed25519.sign(message, keys.secretKey), publicKey };
    }),
  };
  win.solana = provider;
  return { win, keys, provider };
}

async function expectWalletError(promise: Promise<unknown>, step: 'connect' | 'sign', cause?: unknown) {
  const error = await promise.then(
    () => expect.unreachable('the ceremony should fail'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CryptoWalletError);
  const walletError = error as CryptoWalletError;
  expect(walletError.step).toBe(step);
  expect(walletError.code).toBe(
    step === 'connect' ? 'crypto_wallet_connect_failed' : 'crypto_wallet_sign_failed',
  );
  expect(walletError.message).toBe(
    step === 'connect' ? '[Error] Could not connect to wallet' : '[Error] Could not sign message',
  );
  if (cause !== undefined) expect(walletError.cause).toBe(cause);
}

describe('Ethereum wallets', () => {
  it('connects with the first account and the chain id, and personal_signs the UTF-8 message', async () => {
    const { win, account, provider } = ethereumWallet();
    expect(currentWallets(win).map((wallet) => wallet.id)).toEqual(['io.test']);
    const { address, chainId } = await connectWallet(win, 'io.test');
    expect(address).toBe(account.address.toLowerCase());
    expect(chainId).toBe(137);

    const signature = await signWalletMessage(win, 'io.test', address, MESSAGE);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await recoverMessageAddress({ message: MESSAGE, signature: signature as `0x${string}` })).toBe(
      account.address,
    );
    expect(provider.request).toHaveBeenLastCalledWith({
      method: 'personal_sign',
      params: [expect.stringMatching(/^0x[0-9a-f]+$/), address],
    });
  });

  it('connects with a null chain id when eth_chainId fails or is not a hex number', async () => {
    for (const eth_chainId of [() => Promise.reject(new Error('nope')), () => 'mainnet']) {
      const { win, account } = ethereumWallet({ eth_chainId });
      currentWallets(win);
      await expect(connectWallet(win, 'io.test')).resolves.toEqual({
        address: account.address.toLowerCase(),
        chainId: null,
      });
    }
  });

  it('fails the connect step when the user rejects it or the wallet has no accounts', async () => {
    const rejecting = ethereumWallet({ eth_requestAccounts: () => Promise.reject(REJECTED) });
    await expectWalletError(connectWallet(rejecting.win, 'io.test'), 'connect', REJECTED);
    const empty = ethereumWallet({ eth_requestAccounts: () => [] });
    await expectWalletError(connectWallet(empty.win, 'io.test'), 'connect');
  });

  it('fails the sign step when the user rejects personal_sign', async () => {
    const { win, account } = ethereumWallet({ personal_sign: () => Promise.reject(REJECTED) });
    await expectWalletError(signWalletMessage(win, 'io.test', account.address, MESSAGE), 'sign', REJECTED);
  });
});

describe('Solana wallet-standard wallets', () => {
  it('connects with the first account and signs a base58 ed25519 signature over the UTF-8 message', async () => {
    const { win, keys } = standardSolanaWallet();
    const id = 'wallet-standard:Solflare';
    await expect(connectWallet(win, id)).resolves.toEqual({ address: keys.address, chainId: null });
    const signature = await signWalletMessage(win, id, keys.address, MESSAGE);
    expect(ed25519.verify(bs58.decode(signature), new TextEncoder().encode(MESSAGE), keys.publicKey)).toBe(
      true,
    );
    expect(
      ed25519.verify(bs58.decode(signature), new TextEncoder().encode(`${MESSAGE}.`), keys.publicKey),
    ).toBe(false);
  });

  it('fails the connect step on a rejection or no accounts', async () => {
    const rejecting = standardSolanaWallet();
    rejecting.wallet.features['standard:connect'].connect.mockRejectedValueOnce(REJECTED);
    await expectWalletError(connectWallet(rejecting.win, 'wallet-standard:Solflare'), 'connect', REJECTED);
    const empty = standardSolanaWallet();
    empty.wallet.features['standard:connect'].connect.mockResolvedValueOnce({ accounts: [] });
    await expectWalletError(connectWallet(empty.win, 'wallet-standard:Solflare'), 'connect');
  });

  it('fails the sign step on a rejection, an account it does not hold, or a malformed signature', async () => {
    const { win, keys, wallet } = standardSolanaWallet();
    const id = 'wallet-standard:Solflare';
    await connectWallet(win, id);
    await expectWalletError(signWalletMessage(win, id, solanaKeys().address, MESSAGE), 'sign');
    wallet.features['solana:signMessage'].signMessage.mockRejectedValueOnce(REJECTED);
    await expectWalletError(signWalletMessage(win, id, keys.address, MESSAGE), 'sign', REJECTED);
    wallet.features['solana:signMessage'].signMessage.mockResolvedValueOnce([
      { signedMessage: new Uint8Array(), signature: new Uint8Array(12) },
    ]);
    await expectWalletError(signWalletMessage(win, id, keys.address, MESSAGE), 'sign');
  });
});

describe('injected Solana providers', () => {
  it('connects with the base58 public key and signs a base58 ed25519 signature', async () => {
    for (const shape of ['web3', 'toString-only'] as const) {
      const { win, keys } = injectedSolanaWallet(shape);
      await expect(connectWallet(win, 'injected:solana')).resolves.toEqual({
        address: keys.address,
        chainId: null,
      });
      const signature = await signWalletMessage(win, 'injected:solana', keys.address, MESSAGE);
      expect(ed25519.verify(bs58.decode(signature), new TextEncoder().encode(MESSAGE), keys.publicKey)).toBe(
        true,
      );
    }
  });

  it('fails the connect and sign steps on rejections', async () => {
    const { win, keys, provider } = injectedSolanaWallet();
    provider.connect.mockRejectedValueOnce(REJECTED);
    await expectWalletError(connectWallet(win, 'injected:solana'), 'connect', REJECTED);
    provider.signMessage.mockRejectedValueOnce(REJECTED);
    await expectWalletError(
      signWalletMessage(win, 'injected:solana', keys.address, MESSAGE),
      'sign',
      REJECTED,
    );
  });
});

describe('unknown wallets', () => {
  it('fails both steps for an id discovery did not find', async () => {
    const win = freshWindow();
    await expectWalletError(connectWallet(win, 'io.metamask'), 'connect');
    await expectWalletError(signWalletMessage(win, 'io.metamask', '0x0', MESSAGE), 'sign');
  });
});
