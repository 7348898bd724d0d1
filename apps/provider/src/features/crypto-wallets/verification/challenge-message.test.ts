/** The exact challenge texts of docs/contracts.md "Crypto wallets". */
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors/api-error.js';
import { buildChallengeMessage } from './challenge-message.js';
import { parseSiweParams, type SiweInput } from './siwe-params.js';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA_ADDRESS = 'US517G5965aydkZ46HS38QLi7UQiSojurfbQfKCELFx';
const NONCE = 'q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa';
const ISSUED_AT = new Date('2026-03-01T12:00:00.000Z');
const EXPIRES_AT = new Date('2026-03-01T12:05:00.000Z');

const base = { address: ADDRESS, nonce: NONCE, issuedAt: ISSUED_AT, expiresAt: EXPIRES_AT };

function siweInput(overrides: Partial<SiweInput> = {}, origin = 'https://app.example.com'): SiweInput {
  return { ...parseSiweParams(undefined, origin, ISSUED_AT), ...overrides };
}

describe('buildChallengeMessage', () => {
  it('makes the plain Ethereum message when SIWE is off', () => {
    const result = buildChallengeMessage({
      ...base,
      type: 'ethereum',
      origin: 'http://localhost:3000',
      siwe: null,
    });
    expect(result).toEqual({
      message:
        'http://localhost:3000 asks you to sign in with your Ethereum account.\n' +
        '\n' +
        'Wallet: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n' +
        'Nonce: q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa\n' +
        'Issued At: 2026-03-01T12:00:00.000Z\n' +
        'Expiration Time: 2026-03-01T12:05:00.000Z',
      chainId: null,
      siwe: false,
    });
  });

  it('makes a minimal SIWE message for an https origin, without the scheme', () => {
    const result = buildChallengeMessage({
      ...base,
      type: 'ethereum',
      origin: 'https://app.example.com',
      siwe: siweInput(),
    });
    expect(result).toEqual({
      message:
        'app.example.com wants you to sign in with your Ethereum account:\n' +
        '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n' +
        '\n' +
        'Sign in with your Ethereum account.\n' +
        '\n' +
        'URI: https://app.example.com\n' +
        'Version: 1\n' +
        'Chain ID: 1\n' +
        'Nonce: q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa\n' +
        'Issued At: 2026-03-01T12:00:00.000Z\n' +
        'Expiration Time: 2026-03-01T12:05:00.000Z',
      chainId: 1,
      siwe: true,
    });
  });

  it('makes a full SIWE message for an http origin with the scheme, caller fields and port', () => {
    const siwe = siweInput(
      {
        uri: 'http://localhost:5173/login',
        chainId: 8453,
        issuedAt: new Date('2026-03-01T11:58:30.250Z'),
        statement: 'Sign in to Example.',
        notBefore: new Date('2026-03-01T12:01:00.000Z'),
        requestId: 'req-42',
        resources: ['https://example.com/tos', 'ipfs://bafybeigdyrzt5'],
      },
      'http://localhost:5173',
    );
    const result = buildChallengeMessage({
      ...base,
      type: 'ethereum',
      origin: 'http://localhost:5173',
      siwe,
    });
    const message =
      'http://localhost:5173 wants you to sign in with your Ethereum account:\n' +
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n' +
      '\n' +
      'Sign in to Example.\n' +
      '\n' +
      'URI: http://localhost:5173/login\n' +
      'Version: 1\n' +
      'Chain ID: 8453\n' +
      'Nonce: q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa\n' +
      'Issued At: 2026-03-01T11:58:30.250Z\n' +
      'Expiration Time: 2026-03-01T12:05:00.000Z\n' +
      'Not Before: 2026-03-01T12:01:00.000Z\n' +
      'Request ID: req-42\n' +
      'Resources:\n' +
      '- https://example.com/tos\n' +
      '- ipfs://bafybeigdyrzt5';
    expect(result).toEqual({ message, chainId: 8453, siwe: true });
    // viem reads back exactly the fields that went in.
    expect(parseSiweMessage(message)).toEqual({
      scheme: 'http',
      domain: 'localhost:5173',
      address: ADDRESS,
      statement: 'Sign in to Example.',
      uri: 'http://localhost:5173/login',
      version: '1',
      chainId: 8453,
      nonce: NONCE,
      issuedAt: new Date('2026-03-01T11:58:30.250Z'),
      expirationTime: EXPIRES_AT,
      notBefore: new Date('2026-03-01T12:01:00.000Z'),
      requestId: 'req-42',
      resources: ['https://example.com/tos', 'ipfs://bafybeigdyrzt5'],
    });
  });

  it('round-trips the minimal SIWE message through parseSiweMessage', () => {
    const { message } = buildChallengeMessage({
      ...base,
      type: 'ethereum',
      origin: 'https://app.example.com',
      siwe: siweInput(),
    });
    expect(parseSiweMessage(message)).toEqual({
      domain: 'app.example.com',
      address: ADDRESS,
      statement: 'Sign in with your Ethereum account.',
      uri: 'https://app.example.com',
      version: '1',
      chainId: 1,
      nonce: NONCE,
      issuedAt: ISSUED_AT,
      expirationTime: EXPIRES_AT,
    });
  });

  it('makes the Sign-In With Solana text, ignoring SIWE fields', () => {
    const expected = {
      message:
        'app.example.com:8443 wants you to sign in with your Solana account:\n' +
        'US517G5965aydkZ46HS38QLi7UQiSojurfbQfKCELFx\n' +
        '\n' +
        'Sign in with your Solana account.\n' +
        '\n' +
        'URI: https://app.example.com:8443\n' +
        'Version: 1\n' +
        'Chain ID: mainnet\n' +
        'Nonce: q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa\n' +
        'Issued At: 2026-03-01T12:00:00.000Z\n' +
        'Expiration Time: 2026-03-01T12:05:00.000Z',
      chainId: null,
      siwe: false,
    };
    const input = {
      ...base,
      type: 'solana',
      address: SOLANA_ADDRESS,
      origin: 'https://app.example.com:8443',
    };
    expect(buildChallengeMessage({ ...input, type: 'solana', siwe: null })).toEqual(expected);
    expect(
      buildChallengeMessage({ ...input, type: 'solana', siwe: siweInput({ chainId: 5, statement: 'x' }) }),
    ).toEqual(expected);
  });

  it('turns a field viem refuses into invalid_request', () => {
    const run = () =>
      buildChallengeMessage({
        ...base,
        type: 'ethereum',
        origin: 'https://app.example.com',
        siwe: siweInput({ resources: ['https://example.com/%zz'] }),
      });
    expect(run).toThrow(ApiError);
    expect(run).toThrow(/Sign-In with Ethereum message cannot be made/);
  });
});
