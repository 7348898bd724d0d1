/** @module crypto-wallets.repository — SQL for users' crypto wallets. */
import type { DbExecutor } from '../../db/database.js';
import { findRowBy, insertRowIfAbsent } from '../../db/keyed-rows.js';
import type { CryptoWalletRow, NewCryptoWalletRow } from './crypto-wallets.table.js';
import type { CryptoWalletType } from './verification/wallet-address.js';

/** A wallet's key within a project: its type and canonical address. */
export interface WalletKey {
  projectId: string;
  type: CryptoWalletType;
  address: string;
}

/** The wallet with this key, whoever owns it. */
export const findWallet = (db: DbExecutor, key: WalletKey) =>
  findRowBy(db, 'crypto_wallets', { project_id: key.projectId, type: key.type, address: key.address });

/**
 * Stores a wallet; undefined when the project already has it (a concurrent first sign-in: the
 * unique index decides, not a prior lookup).
 */
export const insertWalletIfAbsent = (db: DbExecutor, row: NewCryptoWalletRow) =>
  insertRowIfAbsent(db, 'crypto_wallets', row);

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
