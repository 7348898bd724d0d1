/**
 * @module intermediate-session-revocation — what other features may do to a user's half-finished
 * MFA sign-ins: a new password ends them all. The intermediate-sessions repository stays private.
 */
import type { DbExecutor } from '../../db/database.js';
import { intermediateSessions } from './intermediate-sessions.repository.js';

/** The intermediate-session operations other features use. */
export interface IntermediateSessionRevocation {
  /** Revokes every live intermediate session of the user. */
  revokeLiveOf(db: DbExecutor, userId: string, now: Date): Promise<void>;
}

/** The intermediate sessions over this provider's database. */
export const intermediateSessionRevocation: IntermediateSessionRevocation = {
  revokeLiveOf: (db, userId, now) => intermediateSessions.revokeUnused(db, { user_id: userId }, now),
};
