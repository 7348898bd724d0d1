/** @module pkce — RFC 7636 S256 checks for magic-link redemption. */
import { createHash } from 'node:crypto';
import { constantTimeEqual } from './hash.js';

/** RFC 7636 §4.1: 43–128 characters from the unreserved set. */
export const CODE_VERIFIER_PATTERN = '^[A-Za-z0-9._~-]{43,128}$';

/** An S256 challenge is the 43-character unpadded base64url of a SHA-256 digest (RFC 7636 §4.2). */
export const CODE_CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** base64url(SHA-256(ASCII(verifier))), RFC 7636 §4.2 S256. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Outcome of comparing what was sent with what the token was issued with. */
export type PkceCheck = 'ok' | 'missing_verifier' | 'unexpected_verifier' | 'mismatch';

/**
 * RFC 7636 §4.6 plus the downgrade rule of RFC 9700 §4.8.2: a verifier without a stored
 * challenge is rejected too, so PKCE cannot be switched off halfway through a flow.
 */
export function checkPkce(storedChallenge: string | null, verifier: string | undefined): PkceCheck {
  if (storedChallenge === null) return verifier === undefined ? 'ok' : 'unexpected_verifier';
  if (verifier === undefined) return 'missing_verifier';
  return constantTimeEqual(s256Challenge(verifier), storedChallenge) ? 'ok' : 'mismatch';
}
