/** Wallet types and canonical wallet addresses. */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors/api-error.js';
import { canonicalWalletAddress, parseWalletType } from './wallet-address.js';

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

// One of EIP-55's test vectors (mixed case).
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('parseWalletType', () => {
  it.each(['ethereum', 'solana'] as const)('accepts %s', (type) => {
    expect(parseWalletType(type)).toBe(type);
  });

  it.each(['Ethereum', 'bitcoin', '', 'solana '])('refuses %j with invalid_request', (raw) => {
    const error = refusal(() => parseWalletType(raw));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/"ethereum" or "solana"/);
  });
});

describe('canonicalWalletAddress (ethereum)', () => {
  it('returns the EIP-55 checksum form of lower-case, upper-case and checksummed input', () => {
    expect(canonicalWalletAddress('ethereum', CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    expect(canonicalWalletAddress('ethereum', `0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toBe(CHECKSUMMED);
    expect(canonicalWalletAddress('ethereum', CHECKSUMMED)).toBe(CHECKSUMMED);
    expect(canonicalWalletAddress('ethereum', '0x52908400098527886e0f7030069857d2e4169ee7')).toBe(
      '0x52908400098527886E0F7030069857D2E4169EE7',
    );
  });

  it('refuses mixed case that is not the checksum', () => {
    // One letter's case flipped.
    const flipped = CHECKSUMMED.replace('aAeb', 'aaeb');
    const error = refusal(() => canonicalWalletAddress('ethereum', flipped));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/EIP-55 checksum/);
  });

  it.each([
    ['39 hex digits', CHECKSUMMED.slice(0, -1)],
    ['41 hex digits', `${CHECKSUMMED}0`],
    ['a non-hex character', `${CHECKSUMMED.slice(0, -1)}g`],
    ['no 0x', CHECKSUMMED.slice(2)],
    ['0X', `0X${CHECKSUMMED.slice(2)}`],
    ['surrounding space', ` ${CHECKSUMMED}`],
    ['a huge input', `0x${'a'.repeat(100_000)}`],
  ])('refuses %s, without echoing the input', (_, raw) => {
    const error = refusal(() => canonicalWalletAddress('ethereum', raw));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/"0x" followed by 40 hexadecimal digits/);
    expect(error.message.length).toBeLessThan(200);
  });
});

describe('canonicalWalletAddress (solana)', () => {
  const key = bs58.encode(new Uint8Array(32).fill(7));

  it('returns a 32-byte base58 key as given, including the all-zero key', () => {
    expect(canonicalWalletAddress('solana', key)).toBe(key);
    expect(canonicalWalletAddress('solana', '1'.repeat(32))).toBe('1'.repeat(32));
  });

  it.each([
    [31, bs58.encode(new Uint8Array(31).fill(7))],
    // Leading zero bytes keep 33 bytes within 44 characters ("1" each).
    [33, bs58.encode(Uint8Array.from({ length: 33 }, (_, index) => (index < 2 ? 0 : 7)))],
  ])('refuses a key of %i bytes', (length, raw) => {
    const error = refusal(() => canonicalWalletAddress('solana', raw));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe(
      `A Solana crypto_wallet_address must decode to 32 bytes; this one has ${length}.`,
    );
  });

  it.each([
    ['0 (not base58)', `0${key.slice(1)}`],
    ['O (not base58)', `O${key.slice(1)}`],
    ['l (not base58)', `l${key.slice(1)}`],
    ['a hyphen', `${key.slice(0, -1)}-`],
    ['more than 44 characters', bs58.encode(new Uint8Array(33).fill(7))],
    ['the empty string', ''],
  ])('refuses %s', (_, raw) => {
    const error = refusal(() => canonicalWalletAddress('solana', raw));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/must be base58/);
  });
});
