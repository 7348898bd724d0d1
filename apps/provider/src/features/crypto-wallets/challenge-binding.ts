/** @module challenge-binding — whether a consumed challenge belongs to the request presenting a signature (SECURITY G1, G2). */
import type { CryptoWalletChallengeRow } from './crypto-wallets.table.js';

/** What the presenting request is. */
export interface PresentingRequest {
  /**
   * A browser's: its Origin header (already checked against the project), which must be the
   * challenge's. `'server'`: the server API, which answers only the challenges it issued (their
   * origin was taken from the project's allowed origins when they were issued).
   */
  origin: string | 'server';
  /** The id of its live session, or null when it sent none (or a dead one). */
  liveSessionId: string | null;
  now: Date;
}

/**
 * A challenge may be answered only before it expires, from the page it was issued to (or, when
 * the server API issued it, only by the server API) and, when a start bound it to a session, by
 * that same live session. The signature is checked
 * only for challenges that pass this.
 */
export function isBoundToRequest(
  challenge: Pick<CryptoWalletChallengeRow, 'expires_at' | 'origin' | 'session_id' | 'for_server'>,
  request: PresentingRequest,
): boolean {
  const sameChannel =
    request.origin === 'server'
      ? challenge.for_server
      : !challenge.for_server && challenge.origin === request.origin;
  return (
    challenge.expires_at.getTime() > request.now.getTime() &&
    sameChannel &&
    (challenge.session_id === null || challenge.session_id === request.liveSessionId)
  );
}
