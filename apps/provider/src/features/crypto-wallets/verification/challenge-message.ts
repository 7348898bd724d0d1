/**
 * @module challenge-message — the exact text a wallet signs for a challenge: SIWE (EIP-4361) or the
 * plain Ethereum message, and Sign-In With Solana (CAIP-122) text (docs/contracts.md "Crypto wallets").
 */
import { createSiweMessage, SiweInvalidMessageFieldError } from 'viem/siwe';
import { ApiError } from '../../../errors/api-error.js';
import type { SiweInput } from './siwe-params.js';
import type { CryptoWalletType } from './wallet-address.js';

/** Everything a challenge message is made from; `address` is canonical, `origin` the requesting page. */
export interface BuildChallengeMessageOptions {
  type: CryptoWalletType;
  address: string;
  origin: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
  /** The checked `siwe_params` when the project requires SIWE; null otherwise. */
  siwe: SiweInput | null;
}

/** The message to sign, and what verification needs to know about it later. */
export interface BuildChallengeMessageResult {
  message: string;
  /** The SIWE chain id; null for messages that name no chain. */
  chainId: number | null;
  /** Whether `message` is EIP-4361, to be re-validated with viem at authenticate. */
  siwe: boolean;
}

const DEFAULT_SIWE_STATEMENT = 'Sign in with your Ethereum account.';

function siweMessage(options: BuildChallengeMessageOptions, siwe: SiweInput, url: URL): string {
  const scheme = url.protocol.slice(0, -1);
  try {
    return createSiweMessage({
      // EIP-4361 "Specifying the Request Origin": the scheme is left out when it is https.
      domain: url.host,
      ...(scheme === 'https' ? {} : { scheme }),
      address: options.address as `0x${string}`,
      statement: siwe.statement ?? DEFAULT_SIWE_STATEMENT,
      uri: siwe.uri,
      version: '1',
      chainId: siwe.chainId,
      nonce: options.nonce,
      issuedAt: siwe.issuedAt ?? options.issuedAt,
      expirationTime: options.expiresAt,
      ...(siwe.notBefore ? { notBefore: siwe.notBefore } : {}),
      ...(siwe.requestId ? { requestId: siwe.requestId } : {}),
      // An empty list would still print a bare "Resources:" line.
      ...(siwe.resources.length > 0 ? { resources: siwe.resources } : {}),
    });
  } catch (error) {
    // parseSiweParams catches the caller's mistakes first; this is viem's stricter word on the rest.
    if (error instanceof SiweInvalidMessageFieldError) {
      throw new ApiError('invalid_request', {
        message: `A Sign-In with Ethereum message cannot be made from these fields: ${error.shortMessage}`,
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Builds the message a wallet signs: SIWE for Ethereum when `siwe` is given, the plain
 * Ethereum text otherwise, and SIWS text for Solana (where `siwe` is ignored). Lines end in
 * `\n`, with no trailing newline; times are ISO 8601 UTC with milliseconds.
 */
export function buildChallengeMessage(options: BuildChallengeMessageOptions): BuildChallengeMessageResult {
  const url = new URL(options.origin);
  const issuedAt = options.issuedAt.toISOString();
  const expiresAt = options.expiresAt.toISOString();
  if (options.type === 'solana') {
    const message = [
      `${url.host} wants you to sign in with your Solana account:`,
      options.address,
      '',
      'Sign in with your Solana account.',
      '',
      `URI: ${url.origin}`,
      'Version: 1',
      'Chain ID: mainnet',
      `Nonce: ${options.nonce}`,
      `Issued At: ${issuedAt}`,
      `Expiration Time: ${expiresAt}`,
    ].join('\n');
    return { message, chainId: null, siwe: false };
  }
  if (options.siwe) {
    return { message: siweMessage(options, options.siwe, url), chainId: options.siwe.chainId, siwe: true };
  }
  const message = [
    `${url.origin} asks you to sign in with your Ethereum account.`,
    '',
    `Wallet: ${options.address}`,
    `Nonce: ${options.nonce}`,
    `Issued At: ${issuedAt}`,
    `Expiration Time: ${expiresAt}`,
  ].join('\n');
  return { message, chainId: null, siwe: false };
}
