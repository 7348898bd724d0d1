/** @module internal/check-jws-signature — a compact JWS signature checked with node:crypto (OpenSSL) rather than WebCrypto. */

import { KeyObject, verify, type webcrypto } from 'node:crypto';
import type { SignatureCheck } from './signature-check.js';

// `unsupported` here: a key of the wrong type for `alg`, an RSA key under 2048 bits, an ES256
// signature that is not 64 bytes.

// The JWKS resolver hands out the same CryptoKey for a key until the set is refetched, so each
// key is converted once.
const keyObjects = new WeakMap<object, KeyObject | null>();

/**
 * Checks `signatureSegment` (base64url) over `signingInput` (`header.payload`, ASCII) for ES256
 * or RS256. Same algorithms as jose's WebCrypto path — ECDSA P-256 with SHA-256 and the JWS
 * (IEEE P1363, r‖s) signature encoding; RSASSA-PKCS1-v1_5 with SHA-256 — at a fraction of the
 * cost per call in Node.
 */
export function checkJwsSignature(
  alg: 'ES256' | 'RS256',
  key: unknown,
  signingInput: string,
  signatureSegment: string,
): SignatureCheck {
  const keyObject = keyObjectOf(key);
  if (keyObject === undefined || keyObject.type !== 'public') return 'unsupported';
  const signature = Buffer.from(signatureSegment, 'base64url');
  const data = Buffer.from(signingInput, 'latin1');
  const details = keyObject.asymmetricKeyDetails;
  try {
    if (alg === 'ES256') {
      if (keyObject.asymmetricKeyType !== 'ec' || details?.namedCurve !== 'prime256v1') return 'unsupported';
      if (signature.length !== 64) return 'unsupported';
      return verify('sha256', data, { key: keyObject, dsaEncoding: 'ieee-p1363' }, signature)
        ? 'valid'
        : 'invalid';
    }
    // jose refuses RSA keys under 2048 bits; leave those to it so the refusal is the same.
    if (keyObject.asymmetricKeyType !== 'rsa' || (details?.modulusLength ?? 0) < 2048) return 'unsupported';
    return verify('sha256', data, keyObject, signature) ? 'valid' : 'invalid';
  } catch {
    // As jose does for WebCrypto: a signature the library cannot even check is a failed check.
    return 'invalid';
  }
}

function keyObjectOf(key: unknown): KeyObject | undefined {
  if (key instanceof KeyObject) return key;
  if (typeof key !== 'object' || key === null) return undefined;
  let keyObject = keyObjects.get(key);
  if (keyObject === undefined) {
    try {
      keyObject = KeyObject.from(key as webcrypto.CryptoKey);
    } catch {
      keyObject = null; // not a CryptoKey (e.g. raw bytes): not this check's business
    }
    keyObjects.set(key, keyObject);
  }
  return keyObject ?? undefined;
}
