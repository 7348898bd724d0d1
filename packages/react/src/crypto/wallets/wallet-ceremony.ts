/**
 * @module crypto/wallets/wallet-ceremony — connects to a found wallet and has it sign the challenge
 * (contracts.md "Crypto wallets", Ceremonies). Any failure becomes a CryptoWalletError.
 */
import bs58 from 'bs58';
import { CryptoWalletError } from './crypto-wallet-error.js';
import { walletHandleOf } from './wallet-discovery.js';
import type { SolanaPublicKey, WalletHandle } from './wallet-handle.js';

/**
 * Asks the wallet for an account (its pop-up). `chainId` is the Ethereum wallet's current chain, for
 * SIWE; null for Solana or when the wallet will not say.
 */
export async function connectWallet(
  win: Window,
  walletId: string,
): Promise<{ address: string; chainId: number | null }> {
  try {
    const handle = handleOf(win, walletId);
    switch (handle.kind) {
      case 'ethereum': {
        const accounts = await handle.provider.request({ method: 'eth_requestAccounts' });
        const address = nonEmptyString(Array.isArray(accounts) ? accounts[0] : undefined, 'no account');
        return { address, chainId: await ethereumChainId(handle.provider.request.bind(handle.provider)) };
      }
      case 'solana-standard': {
        const { accounts } = await handle.wallet.features['standard:connect'].connect();
        return { address: nonEmptyString(accounts?.[0]?.address, 'no account'), chainId: null };
      }
      case 'solana-injected': {
        const result = await handle.provider.connect();
        const publicKey = result?.publicKey ?? handle.provider.publicKey;
        return {
          address: nonEmptyString(publicKey ? base58Of(publicKey) : undefined, 'no account'),
          chainId: null,
        };
      }
    }
  } catch (error) {
    throw new CryptoWalletError('connect', error);
  }
}

/**
 * Has the wallet sign `message` (its UTF-8 bytes) as `address`. Returns what the provider verifies:
 * the `0x` hex EIP-191 signature for Ethereum, the base58 ed25519 signature for Solana.
 */
export async function signWalletMessage(
  win: Window,
  walletId: string,
  address: string,
  message: string,
): Promise<string> {
  try {
    const handle = handleOf(win, walletId);
    const bytes = new TextEncoder().encode(message);
    switch (handle.kind) {
      case 'ethereum': {
        // personal_sign takes the message as hex so that wallets never re-encode the text.
        const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
        return nonEmptyString(
          await handle.provider.request({ method: 'personal_sign', params: [hex, address] }),
          'no signature',
        );
      }
      case 'solana-standard': {
        const account = handle.wallet.accounts.find((candidate) => candidate.address === address);
        if (!account) throw new Error('The wallet has no such account');
        const [output] = await handle.wallet.features['solana:signMessage'].signMessage({
          account,
          message: bytes,
        });
        return ed25519SignatureBase58(output?.signature);
      }
      case 'solana-injected': {
        const result = await handle.provider.signMessage(bytes, 'utf8');
        return ed25519SignatureBase58(result?.signature);
      }
    }
  } catch (error) {
    throw new CryptoWalletError('sign', error);
  }
}

function handleOf(win: Window, walletId: string): WalletHandle {
  const handle = walletHandleOf(win, walletId);
  if (!handle) throw new Error(`No wallet "${walletId}" was found`);
  return handle;
}

// The chain only feeds SIWE's chain id, which has a default: a wallet that will not say is no failure.
async function ethereumChainId(
  request: (args: { method: string }) => Promise<unknown>,
): Promise<number | null> {
  try {
    const hex = await request({ method: 'eth_chainId' });
    const chainId =
      typeof hex === 'string' && /^0x[0-9a-f]+$/i.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
    return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : null;
  } catch {
    return null;
  }
}

function base58Of(publicKey: SolanaPublicKey): string {
  return typeof publicKey.toBase58 === 'function' ? publicKey.toBase58() : publicKey.toString();
}

function ed25519SignatureBase58(signature: unknown): string {
  // By tag, not instanceof: a wallet may hand over a Uint8Array from another realm.
  const isBytes = Object.prototype.toString.call(signature) === '[object Uint8Array]';
  if (!isBytes || (signature as Uint8Array).length !== 64) throw new Error('Not an ed25519 signature');
  return bs58.encode(signature as Uint8Array);
}

function nonEmptyString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`The wallet returned ${what}`);
  return value;
}
