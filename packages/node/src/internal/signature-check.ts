/** @module internal/signature-check — the seam through which a runtime checks a session JWT's signature. */

/**
 * `valid` and `invalid` are final. `unsupported` means the key or signature is not a shape the
 * check handles: the caller hands the token to jose's `jwtVerify`, which decides.
 */
export type SignatureCheck = 'valid' | 'invalid' | 'unsupported';

/**
 * Checks `signatureSegment` (base64url) over `signingInput` (`header.payload`) with `key`, as
 * the JWKS resolver handed it out. Node checks synchronously with OpenSSL
 * (`check-jws-signature.ts`); edge runtimes have only WebCrypto, which answers with a promise
 * (`check-jws-signature-webcrypto.ts`).
 */
export type SignatureChecker = (
  alg: 'ES256' | 'RS256',
  key: unknown,
  signingInput: string,
  signatureSegment: string,
) => SignatureCheck | Promise<SignatureCheck>;
