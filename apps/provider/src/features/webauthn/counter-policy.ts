/** @module counter-policy — what a signature counter that did not increase means (SECURITY G8). */

/** The outcome of one assertion's counter. */
export type CounterDecision =
  /** Accepted; store `signCount` (never below the stored value). `suspicious` asks for a log line. */
  { accept: true; signCount: number; suspicious: boolean } | { accept: false };

/**
 * WebAuthn L3 §6.1.1 leaves the reaction to a non-increasing counter to the RP. Ours:
 * - stored 0 and asserted 0: the authenticator keeps no counter (most synced passkeys) → accept;
 * - asserted above stored → accept and store it;
 * - otherwise a device-bound credential may have been cloned → reject; a backup-eligible
 *   (synced) one legitimately runs several copies of one counter → accept, keep the stored
 *   counter, and flag it (a hard reject locks people out of synced passkeys: exactly/exa #1037).
 *
 * @simplewebauthn/server rejects every non-increasing counter, so the service passes it 0 and
 * applies this policy itself.
 */
export function decideCounter(stored: number, asserted: number, backupEligible: boolean): CounterDecision {
  if (stored === 0 && asserted === 0) return { accept: true, signCount: 0, suspicious: false };
  if (asserted > stored) return { accept: true, signCount: asserted, suspicious: false };
  if (backupEligible) return { accept: true, signCount: stored, suspicious: true };
  return { accept: false };
}
