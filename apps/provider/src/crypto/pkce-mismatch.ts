/**
 * @module pkce-mismatch — the one check and the one wording of `pkce_mismatch` for every token
 * redeemed with a verifier.
 */
import { ApiError } from '../errors/api-error.js';
import { checkPkce, type PkceCheck } from './pkce.js';

/**
 * Checks `verifier` against the challenge a token was issued with, before the token is consumed
 * (so a wrong or missing verifier leaves it usable), and throws pkce_mismatch unless it matches.
 * A wrong or missing verifier counts against the token (`countFailure`, SECURITY H1); a verifier
 * for a flow started without a challenge is a downgrade attempt, refused uncounted (RFC 9700 §4.8.2).
 */
export async function assertPkce(
  token: { challenge: string | null; issued: string },
  verifier: string | undefined,
  countFailure: () => Promise<unknown>,
): Promise<void> {
  const outcome = checkPkce(token.challenge, verifier);
  if (outcome === 'ok') return;
  if (outcome !== 'unexpected_verifier') await countFailure();
  throw pkceMismatch(outcome, token.issued);
}

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
