/**
 * @module ecdsa-signature-shape — the one accepted encoding of a 65-byte Ethereum signature
 * `r ‖ s ‖ v`. ecrecover (and viem's recovery) also take a high `s`, the mirror image of every
 * signature, so one signing would have two accepted spellings; EIP-2 ruled that out for
 * transactions and SECURITY G4 rules it out here.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';

/** The length of `r ‖ s ‖ v`. */
export const ECDSA_SIGNATURE_LENGTH = 65;

const HALF_ORDER = secp256k1.Point.CURVE().n / 2n;
/** `v` as wallets send it: 27/28 (personal_sign), or the bare recovery bit 0/1. */
const RECOVERY_VALUES = new Set([0, 1, 27, 28]);

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

/** True when `signature` is 65 bytes with a known `v` and `0 < s ≤ n/2` (secp256k1 order n). */
export function isCanonicalEcdsaSignature(signature: Uint8Array): boolean {
  if (signature.length !== ECDSA_SIGNATURE_LENGTH) return false;
  const s = toBigInt(signature.subarray(32, 64));
  return RECOVERY_VALUES.has(signature[64] as number) && s > 0n && s <= HALF_ORDER;
}
