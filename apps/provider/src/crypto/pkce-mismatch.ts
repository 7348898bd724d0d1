/** @module pkce-mismatch — the one wording of `pkce_mismatch` for every token redeemed with a verifier. */
import { ApiError } from '../errors/api-error.js';
import type { PkceCheck } from './pkce.js';

/**
 * The error for a failed `checkPkce`, naming what the challenge came with, e.g. `this magic link
 * was issued` or `this OAuth flow was started`, so a caller knows which verifier is meant.
 */
export function pkceMismatch(outcome: Exclude<PkceCheck, 'ok'>, issued: string): ApiError {
  const message = {
    unexpected_verifier: `A code_verifier was sent, but ${issued} without a code_challenge (pkce).`,
    missing_verifier: `${issued.charAt(0).toUpperCase()}${issued.slice(1)} with a PKCE code_challenge; send its code_verifier.`,
    mismatch: `The PKCE code_verifier does not match the code_challenge ${issued} with.`,
  }[outcome];
  return new ApiError('pkce_mismatch', { message });
}
