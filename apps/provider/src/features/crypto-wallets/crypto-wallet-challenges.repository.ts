/** @module crypto-wallet-challenges.repository — SQL for issued wallet challenges. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { WalletKey } from './crypto-wallets.repository.js';
import type { CryptoWalletChallengeRow, NewCryptoWalletChallengeRow } from './crypto-wallets.table.js';

/**
 * Serialises writers of one wallet until the transaction ends: challenge issuance (so "at most
 * five open" holds under concurrency) and linking (so concurrent first sign-ins make one user).
 */
export async function lockWallet(trx: DbExecutor, key: WalletKey): Promise<void> {
  const lockKey = `${key.projectId}:crypto:${key.type}:${key.address}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
}

/** Stores an issued challenge. */
export async function insertChallenge(db: DbExecutor, row: NewCryptoWalletChallengeRow): Promise<void> {
  await db.insertInto('crypto_wallet_challenges').values(row).execute();
}

/** Marks used every open (unused, unexpired) challenge of the wallet but the newest `keep`. */
export async function retireOpenChallengesBeyond(
  db: DbExecutor,
  key: WalletKey,
  keep: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('crypto_wallet_challenges')
    .set({ used_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('crypto_wallet_challenges')
        .select('id')
        .where('project_id', '=', key.projectId)
        .where('wallet_type', '=', key.type)
        .where('wallet_address', '=', key.address)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .offset(keep),
    )
    .execute();
}

const walletChallenges = singleUseRows('crypto_wallet_challenges');

/**
 * Uses up every open challenge of the wallet at once, newest first: called before any
 * verification, so a failed attempt uses them up too (SECURITY G1, G2).
 */
export async function consumeOpenChallenges(
  db: DbExecutor,
  key: WalletKey,
  now: Date,
): Promise<CryptoWalletChallengeRow[]> {
  const walletColumns = { project_id: key.projectId, wallet_type: key.type, wallet_address: key.address };
  const rows = await walletChallenges.consumeAll(db, walletColumns, now);
  return rows.sort((a, b) => Number(b.id) - Number(a.id));
}
