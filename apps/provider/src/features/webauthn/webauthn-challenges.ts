/** @module webauthn-challenges — issuing and consuming single-use WebAuthn challenges (SECURITY B5, G6, G7). */

import { hashToken } from '../../crypto/tokens.js';
import { type ExpiringRowsDeps, sweptClock } from '../../db/single-use-rows.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { WebauthnCeremony, WebauthnChallengeRow } from './webauthn.table.js';
import { insertChallenge, webauthnChallenges } from './webauthn-challenges.repository.js';
import { CEREMONY_TIMEOUT_MS } from './webauthn-policy.js';

/** SECURITY §2: 32 random bytes. */
export const CHALLENGE_BYTES = 32;

/** What a challenge is bound to (docs/contracts.md "Passkeys"). */
export interface ChallengeBinding {
  ceremony: WebauthnCeremony;
  rpId: string;
  /** The user and session of `register` and `secondary`; absent for `primary`. */
  userId?: string;
  sessionId?: string;
  userVerification: 'required' | 'preferred';
  authenticatorType?: string;
  userAgent?: string;
  /** register: the user handle the creation options name. */
  userHandle?: string;
}

/** Issues and consumes challenges. */
export interface ChallengeStore {
  /** Stores a fresh challenge (its hash only) and returns its bytes for the options. */
  issue(project: Project, binding: ChallengeBinding): Promise<Uint8Array<ArrayBuffer>>;
  /** Uses up the open challenge echoed in clientDataJSON; undefined when it is unknown, used or expired. */
  consume(project: Project, challenge: string): Promise<WebauthnChallengeRow | undefined>;
}

/**
 * Creates the store. Expired challenges are deleted by issue() at most once per
 * `sweepIntervalMs` of the injected clock, so the table holds about five minutes' worth of
 * starts (bounded further by the start endpoints' rate limit).
 */
export function createChallengeStore(deps: ExpiringRowsDeps & { random: Random }): ChallengeStore {
  const sweptNow = sweptClock(deps, 'webauthn_challenges');

  return {
    async issue(project, binding) {
      const now = await sweptNow();
      const challenge = new Uint8Array(deps.random.bytes(CHALLENGE_BYTES));
      await insertChallenge(deps.db, {
        // The browser echoes the challenge as unpadded base64url in clientDataJSON.
        challenge_hash: hashToken(Buffer.from(challenge).toString('base64url')),
        project_id: project.id,
        ceremony: binding.ceremony,
        rp_id: binding.rpId,
        user_id: binding.userId ?? null,
        session_id: binding.sessionId ?? null,
        user_verification: binding.userVerification,
        authenticator_type: binding.authenticatorType ?? null,
        user_agent: binding.userAgent ?? null,
        user_handle: binding.userHandle ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + CEREMONY_TIMEOUT_MS),
        consumed_at: null,
      });
      return challenge;
    },

    consume(project, challenge) {
      return webauthnChallenges.consume(
        deps.db,
        { project_id: project.id, challenge_hash: hashToken(challenge) },
        deps.clock.now(),
      );
    },
  };
}
