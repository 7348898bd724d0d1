/** @module crypto-wallets.repository — SQL for users' crypto wallets. */
import type { DbExecutor } from '../../db/database.js';
import type { CryptoWalletRow, NewCryptoWalletRow } from './crypto-wallets.table.js';
import type { CryptoWalletType } from './verification/wallet-address.js';

/** A wallet's key within a project: its type and canonical address. */
export interface WalletKey {
  projectId: string;
  type: CryptoWalletType;
  address: string;
}

/** The wallet with this key, whoever owns it. */
export async function findWallet(db: DbExecutor, key: WalletKey): Promise<CryptoWalletRow | undefined> {
  return db
    .selectFrom('crypto_wallets')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('type', '=', key.type)
    .where('address', '=', key.address)
    .executeTakeFirst();
}

/**
 * Stores a wallet; undefined when the project already has it (a concurrent first sign-in: the
 * unique index decides, not a prior lookup).
 */
export async function insertWalletIfAbsent(
  db: DbExecutor,
  row: NewCryptoWalletRow,
): Promise<CryptoWalletRow | undefined> {
  return db
    .insertInto('crypto_wallets')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'type', 'address']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Records a sign-in with the wallet. */
export async function recordWalletSignIn(
  db: DbExecutor,
  walletId: string,
  at: Date,
): Promise<CryptoWalletRow> {
  return db
    .updateTable('crypto_wallets')
    .set({ last_authenticated_at: at })
    .where('id', '=', walletId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
