/** @module internal/check-jws-signature-webcrypto — a compact JWS signature checked by jose over WebCrypto, for runtimes without node:crypto. */

import { compactVerify, errors } from 'jose';
import type { SignatureCheck } from './signature-check.js';

/**
 * The edge runtimes' signature check (Next.js middleware, Cloudflare Workers): jose's own
 * `compactVerify` with `alg` as the only algorithm, so the key and algorithm rules are jose's.
 * A signature that does not verify is `invalid`; anything jose refuses for another reason (a key
 * of the wrong type) is `unsupported`, so `jwtVerify` gives that refusal its usual error.
 */
export async function checkJwsSignatureWebCrypto(
  alg: 'ES256' | 'RS256',
  key: unknown,
  signingInput: string,
  signatureSegment: string,
): Promise<SignatureCheck> {
  try {
    await compactVerify(`${signingInput}.${signatureSegment}`, key as Parameters<typeof compactVerify>[1], {
      algorithms: [alg],
    });
    return 'valid';
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed ? 'invalid' : 'unsupported';
  }
}
