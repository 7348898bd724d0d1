/** @module webauthn-challenges.repository — SQL for issued WebAuthn challenges. */
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewWebauthnChallengeRow } from './webauthn.table.js';

/** Stores an issued challenge (its hash). */
export async function insertChallenge(db: DbExecutor, row: NewWebauthnChallengeRow): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Issued challenges are single-use rows, used up before any verification, so a failed attempt
 * uses its challenge up too.
 */
export const webauthnChallenges = singleUseRows('webauthn_challenges');
