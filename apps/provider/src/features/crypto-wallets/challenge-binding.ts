/** @module challenge-binding — whether a consumed challenge belongs to the request presenting a signature (SECURITY G1, G2). */
import type { CryptoWalletChallengeRow } from './crypto-wallets.table.js';

/** What the presenting request is. */
export interface PresentingRequest {
  /** Its Origin header (already checked against the project). */
  origin: string;
  /** The id of its live session, or null when it sent none (or a dead one). */
  liveSessionId: string | null;
  now: Date;
}

/**
 * A challenge may be answered only before it expires, from the page it was issued to and, when a
 * secondary start bound it to a session, by that same live session. The signature is checked
 * only for challenges that pass this.
 */
export function isBoundToRequest(
  challenge: Pick<CryptoWalletChallengeRow, 'expires_at' | 'origin' | 'session_id'>,
  request: PresentingRequest,
): boolean {
  return (
    challenge.expires_at.getTime() > request.now.getTime() &&
    challenge.origin === request.origin &&
    (challenge.session_id === null || challenge.session_id === request.liveSessionId)
  );
}
