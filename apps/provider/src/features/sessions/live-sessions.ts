/**
 * @module live-sessions — what other features may read or end of a user's sessions (sign-in
 * methods that accept a session to add a factor to, and the changes that end every other session,
 * SECURITY B9). The sessions repository stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import { findLiveSessionByTokenHash, revokeOtherSessions } from './sessions.repository.js';
import type { SessionRow } from './sessions.table.js';

/** The session operations other features use. */
export interface LiveSessions {
  /** The live (not revoked, not expired at `now`) session whose token hashes to `tokenHash`. */
  findByTokenHash(
    db: DbExecutor,
    projectId: string,
    tokenHash: string,
    now: Date,
  ): Promise<SessionRow | undefined>;
  /** Revokes the user's live sessions except `keepSessionId`; returns the sessions revoked (announce them with session-events). */
  revokeOthersOf(
    db: DbExecutor,
    projectId: string,
    userId: string,
    now: Date,
    keepSessionId?: string,
  ): Promise<SessionRow[]>;
}

/** The sessions over this provider's database. */
export const liveSessions: LiveSessions = {
  findByTokenHash: findLiveSessionByTokenHash,
  revokeOthersOf: revokeOtherSessions,
};
