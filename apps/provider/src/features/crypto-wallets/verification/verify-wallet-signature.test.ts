/** Wallet signatures with real keys: EOAs (EIP-191), SIWE binding, malleated signatures, and Solana ed25519. */
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import bs58 from 'bs58';
import { type Hex, recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { buildChallengeMessage } from './challenge-message.js';
import { parseSiweParams, type SiweInput } from './siwe-params.js';
import { type VerifyWalletSignatureInput, verifyWalletSignature } from './verify-wallet-signature.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = new Date('2026-03-01T12:05:00.000Z');
const NONCE = 'q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa';
const ORIGIN = 'https://app.example.com';
const noRpc = { ethereumRpcUrls: new Map<number, string>() };

const account = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());

function ethereumChallenge(siwe: SiweInput | null, origin = ORIGIN) {
  return buildChallengeMessage({
    type: 'ethereum',
    address: account.address,
    origin,
    nonce: NONCE,
    issuedAt: NOW,
    expiresAt: LATER,
    siwe,
  });
}

async function ethereumInput(
  overrides: Partial<VerifyWalletSignatureInput> = {},
  siwe: SiweInput | null = null,
): Promise<VerifyWalletSignatureInput> {
  const challenge = ethereumChallenge(siwe, overrides.origin ?? ORIGIN);
  return {
    type: 'ethereum',
    address: account.address,
    message: challenge.message,
    signature: await account.signMessage({ message: challenge.message }),
    siwe: challenge.siwe,
    chainId: challenge.chainId,
    origin: ORIGIN,
    nonce: NONCE,
    now: new Date(NOW.getTime() + 1000),
    ...overrides,
  };
}

/** The mirror image (n − s, other recovery bit) of a valid signature: same key, second spelling. */
function highS(signature: Hex): Hex {
  const n = secp256k1.Point.CURVE().n;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  const flipped = v === 27 ? 28 : 27;
  return `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${flipped.toString(16)}` as Hex;
}

describe('verifyWalletSignature (Ethereum, EIP-191)', () => {
  it('accepts the signature of the address over the plain challenge', async () => {
    expect(await verifyWalletSignature(await ethereumInput(), noRpc)).toBe('valid');
  });

  it('accepts v as a bare recovery bit (0/1)', async () => {
    const input = await ethereumInput();
    const v = Number.parseInt(input.signature.slice(130), 16);
    const signature = `${input.signature.slice(0, 130)}0${v - 27}`;
    expect(await verifyWalletSignature({ ...input, signature }, noRpc)).toBe('valid');
  });

  it('refuses another key’s signature', async () => {
    const input = await ethereumInput();
    const signature = await stranger.signMessage({ message: input.message });
    expect(await verifyWalletSignature({ ...input, signature }, noRpc)).toBe('invalid');
  });

  it('refuses the signature when one byte of the message changed', async () => {
    const input = await ethereumInput();
    const message = input.message.replace('Nonce: q8', 'Nonce: Q8');
    expect(await verifyWalletSignature({ ...input, message, nonce: `Q8${NONCE.slice(2)}` }, noRpc)).toBe(
      'invalid',
    );
  });

  it('refuses the high-s twin of a valid signature, which plain recovery accepts', async () => {
    const input = await ethereumInput();
    const twin = highS(input.signature as Hex);
    // The twin is a working signature as far as ecrecover goes, so the rule is what stops it.
    expect(await recoverMessageAddress({ message: input.message, signature: twin })).toBe(account.address);
    expect(await verifyWalletSignature({ ...input, signature: twin }, noRpc)).toBe('invalid');
  });

  it.each([
    ['v = 29', (sig: string) => `${sig.slice(0, 130)}1d`],
    ['v = 2', (sig: string) => `${sig.slice(0, 130)}02`],
    ['s = 0', (sig: string) => `${sig.slice(0, 66)}${'0'.repeat(64)}${sig.slice(130)}`],
    ['no 0x', (sig: string) => sig.slice(2)],
    ['an odd number of hex digits', (sig: string) => sig.slice(0, -1)],
    ['a non-hex digit', (sig: string) => `${sig.slice(0, -1)}g`],
    ['only 0x', () => '0x'],
    ['64 bytes (no v)', (sig: string) => sig.slice(0, 130)],
  ])('refuses a signature with %s', async (_, mangle) => {
    const input = await ethereumInput();
    expect(await verifyWalletSignature({ ...input, signature: mangle(input.signature) }, noRpc)).toBe(
      'invalid',
    );
  });

  it('refuses a plain message made for another origin or nonce', async () => {
    const input = await ethereumInput();
    expect(await verifyWalletSignature({ ...input, origin: 'https://evil.example.com' }, noRpc)).toBe(
      'invalid',
    );
    expect(await verifyWalletSignature({ ...input, nonce: 'x'.repeat(32) }, noRpc)).toBe('invalid');
  });
});

describe('verifyWalletSignature (Ethereum, SIWE)', () => {
  const siwe = (origin = ORIGIN) => parseSiweParams({ chain_id: 8453 }, origin, NOW);

  it('accepts a signed SIWE message for its origin, nonce, chain and address within its window', async () => {
    expect(await verifyWalletSignature(await ethereumInput({}, siwe()), noRpc)).toBe('valid');
  });

  it('accepts a signed SIWE message for an http origin (scheme in the message)', async () => {
    const origin = 'http://localhost:3000';
    const input = await ethereumInput({ origin }, siwe(origin));
    expect(await verifyWalletSignature(input, noRpc)).toBe('valid');
  });

  it('refuses a SIWE message checked for another domain (cross-site replay, SECURITY G1)', async () => {
    const input = await ethereumInput({}, siwe());
    expect(await verifyWalletSignature({ ...input, origin: 'https://other.example.com' }, noRpc)).toBe(
      'invalid',
    );
  });

  it('refuses a SIWE message checked for another scheme, either way round', async () => {
    const https = await ethereumInput({}, siwe());
    expect(await verifyWalletSignature({ ...https, origin: 'http://app.example.com' }, noRpc)).toBe(
      'invalid',
    );
    const http = await ethereumInput({ origin: 'http://app.example.com' }, siwe('http://app.example.com'));
    expect(await verifyWalletSignature({ ...http, origin: ORIGIN }, noRpc)).toBe('invalid');
  });

  it('refuses an http-scheme SIWE message for an https origin even when its URI is on that origin', async () => {
    // viem's validateSiweMessage compares the scheme only when one is expected, and https expects none.
    const { message } = ethereumChallenge(siwe());
    const httpScheme = `http://${message}`;
    const signature = await account.signMessage({ message: httpScheme });
    const input = await ethereumInput({ message: httpScheme, signature }, siwe());
    expect(await verifyWalletSignature(input, noRpc)).toBe('invalid');
    const withoutScheme = await ethereumInput({}, siwe());
    expect(await verifyWalletSignature(withoutScheme, noRpc)).toBe('valid');
  });

  it('refuses a SIWE message at or after its expiration time', async () => {
    const input = await ethereumInput({}, siwe());
    expect(await verifyWalletSignature({ ...input, now: LATER }, noRpc)).toBe('invalid');
  });

  it('refuses a SIWE message before its not-before time', async () => {
    const notBefore = parseSiweParams({ not_before: '2026-03-01T12:02:00.000Z' }, ORIGIN, NOW);
    const input = await ethereumInput({}, notBefore);
    expect(await verifyWalletSignature(input, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, now: new Date('2026-03-01T12:02:00.000Z') }, noRpc)).toBe(
      'valid',
    );
  });

  it('refuses a SIWE message checked against another nonce, chain or address', async () => {
    const input = await ethereumInput({}, siwe());
    expect(await verifyWalletSignature({ ...input, nonce: `${NONCE.slice(0, -1)}b` }, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, chainId: 1 }, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, chainId: null }, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, address: stranger.address }, noRpc)).toBe('invalid');
  });

  it('refuses a plain message presented as SIWE', async () => {
    const input = await ethereumInput();
    expect(await verifyWalletSignature({ ...input, siwe: true, chainId: 1 }, noRpc)).toBe('invalid');
  });
});

describe('verifyWalletSignature (Solana, ed25519)', () => {
  const secretKey = ed25519.utils.randomSecretKey();
  const address = bs58.encode(ed25519.getPublicKey(secretKey));
  const { message } = buildChallengeMessage({
    type: 'solana',
    address,
    origin: ORIGIN,
    nonce: NONCE,
    issuedAt: NOW,
    expiresAt: LATER,
    siwe: null,
  });
  const sign = (text: string, key = secretKey) =>
    bs58.encode(ed25519.sign(new TextEncoder().encode(text), key));
  const input: VerifyWalletSignatureInput = {
    type: 'solana',
    address,
    message,
    signature: sign(message),
    siwe: false,
    chainId: null,
    origin: ORIGIN,
    nonce: NONCE,
    now: NOW,
  };

  it('accepts the key’s signature over the exact message bytes', async () => {
    expect(await verifyWalletSignature(input, noRpc)).toBe('valid');
  });

  it('refuses a signature over the message with CRLF line ends or an extra space (SECURITY G5)', async () => {
    const crlf = message.replaceAll('\n', '\r\n');
    expect(await verifyWalletSignature({ ...input, signature: sign(crlf) }, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, signature: sign(`${message} `) }, noRpc)).toBe('invalid');
    expect(await verifyWalletSignature({ ...input, message: crlf }, noRpc)).toBe('invalid');
  });

  it('refuses another key’s signature', async () => {
    const signature = sign(message, ed25519.utils.randomSecretKey());
    expect(await verifyWalletSignature({ ...input, signature }, noRpc)).toBe('invalid');
  });

  it.each([
    ['not base58', (sig: string) => `0${sig.slice(1)}`],
    ['63 bytes', (sig: string) => bs58.encode(bs58.decode(sig).subarray(0, 63))],
    ['65 bytes', (sig: string) => bs58.encode(Uint8Array.from([...bs58.decode(sig), 0]))],
    ['hex instead of base58', (sig: string) => `0x${Buffer.from(bs58.decode(sig)).toString('hex')}`],
    ['the empty string', () => ''],
  ])('refuses a signature that is %s', async (_, mangle) => {
    expect(await verifyWalletSignature({ ...input, signature: mangle(input.signature) }, noRpc)).toBe(
      'invalid',
    );
  });

  it('refuses a message for another domain, and ignores a stray siwe flag', async () => {
    expect(await verifyWalletSignature({ ...input, origin: 'https://evil.example.com' }, noRpc)).toBe(
      'invalid',
    );
    expect(await verifyWalletSignature({ ...input, siwe: true }, noRpc)).toBe('valid');
  });
});
