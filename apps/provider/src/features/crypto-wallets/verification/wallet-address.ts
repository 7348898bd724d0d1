/** @module wallet-address — the two wallet types, and the one canonical form of an address of each. */
import bs58 from 'bs58';
import { getAddress, isAddress } from 'viem';
import { ApiError } from '../../../errors/api-error.js';

/** The wallet types the provider signs in with (docs/contracts.md "Crypto wallets"). */
export type CryptoWalletType = 'ethereum' | 'solana';

const WALLET_TYPES: readonly CryptoWalletType[] = ['ethereum', 'solana'];

/** An Ethereum address: `0x` and 40 hex digits (EIP-55 decides the letter case). */
const ETHEREUM_SHAPE = /^0x[0-9a-fA-F]{40}$/;
/** The Bitcoin base58 alphabet (no 0, O, I, l), which Solana uses. */
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** base58 of 32 bytes takes 32 (all zero bytes) to 44 characters. */
const SOLANA_MAX_LENGTH = 44;

function invalid(message: string): ApiError {
  return new ApiError('invalid_request', { message });
}

/** The wallet type of a request, or 400 invalid_request. */
export function parseWalletType(raw: string): CryptoWalletType {
  const type = WALLET_TYPES.find((candidate) => candidate === raw);
  if (type) return type;
  throw invalid('crypto_wallet_type must be "ethereum" or "solana".');
}

function canonicalEthereumAddress(raw: string): string {
  if (!ETHEREUM_SHAPE.test(raw)) {
    throw invalid('An Ethereum crypto_wallet_address must be "0x" followed by 40 hexadecimal digits.');
  }
  const digits = raw.slice(2);
  // EIP-55: all-lower and all-upper digits carry no checksum; mixed case must be the checksum.
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && !isAddress(raw, { strict: true })) {
    throw invalid(
      'The Ethereum crypto_wallet_address has mixed-case letters that are not a valid EIP-55 checksum.',
    );
  }
  return getAddress(raw.toLowerCase());
}

function canonicalSolanaAddress(raw: string): string {
  if (raw.length > SOLANA_MAX_LENGTH || !BASE58.test(raw)) {
    throw invalid('A Solana crypto_wallet_address must be base58 (at most 44 characters, no 0, O, I or l).');
  }
  const bytes = bs58.decode(raw);
  if (bytes.length !== 32) {
    throw invalid(`A Solana crypto_wallet_address must decode to 32 bytes; this one has ${bytes.length}.`);
  }
  // base58 has one spelling per byte string (each leading zero byte is one "1"), so `raw` is canonical.
  return raw;
}

/**
 * The stored form of a wallet address, or 400 invalid_request saying which rule failed:
 * Ethereum in EIP-55 checksum form, Solana as given once it decodes to a 32-byte key.
 */
export function canonicalWalletAddress(type: CryptoWalletType, raw: string): string {
  return type === 'ethereum' ? canonicalEthereumAddress(raw) : canonicalSolanaAddress(raw);
}
