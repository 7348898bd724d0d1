/**
 * @module verify-wallet-signature — whether a wallet's signature over a stored challenge message
 * proves control of the address (docs/contracts.md "Crypto wallets", authenticate step 3;
 * SECURITY G1, G2, G4, G5). Libraries do the cryptography: viem for Ethereum, @noble/curves for
 * ed25519.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { type Hex, hexToBytes, isAddress, isAddressEqual, isHex, recoverMessageAddress } from 'viem';
import { verifyContractWalletSignature } from './contract-wallet-signature.js';
import { isCanonicalEcdsaSignature } from './ecdsa-signature-shape.js';
import { isSiweMessageValid } from './siwe-message-check.js';
import type { CryptoWalletType } from './wallet-address.js';

/** `unavailable`: a contract wallet's RPC could not answer; the caller fails closed (503). */
export type SignatureVerdict = 'valid' | 'invalid' | 'unavailable';

/** A signature and the challenge it answers. */
export interface VerifyWalletSignatureInput {
  type: CryptoWalletType;
  /** Canonical (canonicalWalletAddress). */
  address: string;
  /** The stored challenge message, whose exact UTF-8 bytes were signed. */
  message: string;
  signature: string;
  /** Whether `message` is EIP-4361 (Ethereum only; ignored for Solana). */
  siwe: boolean;
  /** The SIWE chain id; null means chain 1 for the contract-wallet check. */
  chainId: number | null;
  /** The requesting origin, which the challenge was made for. */
  origin: string;
  /** The challenge nonce. */
  nonce: string;
  now: Date;
}

/** The provider's settings the check depends on. */
export interface VerifyWalletSignatureDeps {
  /** LATCHKEY_ETHEREUM_RPC_URLS: chain id → RPC URL, for ERC-1271/6492 contract wallets. */
  ethereumRpcUrls: ReadonlyMap<number, string>;
}

async function recoversTo(message: string, signature: Hex, address: Hex): Promise<boolean> {
  try {
    return isAddressEqual(await recoverMessageAddress({ message, signature }), address);
  } catch {
    // r or s out of range, or no point for r: no key signed this.
    return false;
  }
}

async function verifyEthereumSignature(
  input: VerifyWalletSignatureInput,
  deps: VerifyWalletSignatureDeps,
): Promise<SignatureVerdict> {
  const { address, message, signature } = input;
  if (!isAddress(address, { strict: false })) return 'invalid';
  if (!isHex(signature, { strict: true }) || signature.length < 4 || signature.length % 2 !== 0) {
    return 'invalid';
  }
  const bytes = hexToBytes(signature);
  if (bytes.length === 65) {
    // A high-s or odd-v spelling must never reach the RPC either: both viem's ECDSA fallback and
    // the ERC-6492 validator's ecrecover would accept it (SECURITY G4).
    if (!isCanonicalEcdsaSignature(bytes)) return 'invalid';
    if (await recoversTo(message, signature, address)) return 'valid';
  }
  // Not an EOA's signature: maybe a contract wallet's (EIP-4361 resolves it on the message's chain).
  const rpcUrl = deps.ethereumRpcUrls.get(input.chainId ?? 1);
  if (rpcUrl === undefined) return 'invalid';
  return verifyContractWalletSignature(rpcUrl, { address, message, signature });
}

function verifySolanaSignature(input: VerifyWalletSignatureInput): SignatureVerdict {
  try {
    const signature = bs58.decode(input.signature);
    const publicKey = bs58.decode(input.address);
    if (signature.length !== 64 || publicKey.length !== 32) return 'invalid';
    // RFC 8032 strict decoding (not ZIP-215), so one signing has one accepted encoding.
    const valid = ed25519.verify(signature, new TextEncoder().encode(input.message), publicKey, {
      zip215: false,
    });
    return valid ? 'valid' : 'invalid';
  } catch {
    // Not base58, or bytes that are no point or scalar.
    return 'invalid';
  }
}

/**
 * Whether a plain (non-SIWE) challenge names this origin and nonce, so a message made for
 * another page or challenge never verifies here even if a caller mixes them up.
 */
function plainMessageFits(input: VerifyWalletSignatureInput): boolean {
  const url = new URL(input.origin);
  const firstLine =
    input.type === 'solana'
      ? `${url.host} wants you to sign in with your Solana account:\n`
      : `${url.origin} asks you to sign in with your Ethereum account.\n`;
  return input.message.startsWith(firstLine) && input.message.includes(`\nNonce: ${input.nonce}\n`);
}

/**
 * Checks a wallet signature over a challenge message: `valid`, `invalid`, or `unavailable`
 * when only a contract wallet's RPC could have decided and it did not answer.
 */
export async function verifyWalletSignature(
  input: VerifyWalletSignatureInput,
  deps: VerifyWalletSignatureDeps,
): Promise<SignatureVerdict> {
  if (!URL.canParse(input.origin)) return 'invalid';
  const siwe = input.type === 'ethereum' && input.siwe;
  const messageFits = siwe ? isSiweMessageValid(input) : plainMessageFits(input);
  if (!messageFits) return 'invalid';
  return input.type === 'ethereum' ? verifyEthereumSignature(input, deps) : verifySolanaSignature(input);
}
