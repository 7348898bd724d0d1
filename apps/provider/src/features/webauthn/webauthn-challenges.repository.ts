/** @module webauthn-challenges.repository — SQL for issued WebAuthn challenges. */
import type { DbExecutor } from '../../db/database.js';
import type { NewWebauthnChallengeRow, WebauthnChallengeRow } from './webauthn.table.js';

/** Stores an issued challenge (its hash). */
export async function insertChallenge(db: DbExecutor, row: NewWebauthnChallengeRow): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Uses up the challenge with this hash if it is open (unused, unexpired at `now`), in one
 * guarded UPDATE … RETURNING: of any number of concurrent or replayed responses for one
 * challenge exactly one gets the row (PostgreSQL re-checks the WHERE after waiting for the
 * row lock). Called before any verification, so a failed attempt uses the challenge up too.
 */
export async function consumeOpenChallenge(
  db: DbExecutor,
  projectId: string,
  challengeHash: string,
  now: Date,
): Promise<WebauthnChallengeRow | undefined> {
  return db
    .updateTable('webauthn_challenges')
    .set({ consumed_at: now })
    .where('project_id', '=', projectId)
    .where('challenge_hash', '=', challengeHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes every challenge that expired at or before `now` (used or not); returns how many. */
export async function deleteExpiredChallenges(db: DbExecutor, now: Date): Promise<number> {
  const result = await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
