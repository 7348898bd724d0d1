/** @module crypto-wallets.table — the crypto_wallets and crypto_wallet_challenges tables. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { SingleUseColumns, UserOwnedColumns } from '../../db/shared-columns.js';
import type { CryptoWalletType } from './verification/wallet-address.js';

/**
 * Columns of `crypto_wallets`: one wallet proven by a signature, owned by one user; id: the wire
 * `crypto_wallet_id`.
 */
export interface CryptoWalletsTable extends UserOwnedColumns {
  type: CryptoWalletType;
  /** Canonical form (canonicalWalletAddress); unique per project and type. */
  address: string;
  verified: boolean;
  last_authenticated_at: Date | null;
}

/** Columns of `crypto_wallet_challenges`: one issued message to be signed, single use. */
export interface CryptoWalletChallengesTable extends SingleUseColumns {
  /** Identity: orders one wallet's challenges even when they share a timestamp. */
  id: Generated<string | number>;
  project_id: string;
  wallet_type: CryptoWalletType;
  wallet_address: string;
  /** The exact text the wallet signs. */
  message: string;
  nonce: string;
  /** The requesting page's origin (the start request's Origin header). */
  origin: string;
  /**
   * The session and user a secondary challenge is bound to; both null for a primary one. A
   * server-issued challenge may name the user alone (the wallet is added to that user).
   */
  session_id: string | null;
  user_id: string | null;
  /** Issued by the server API (`/v1`): answered only there, and a browser's only through `/sdk/v1`. */
  for_server: ColumnType<boolean, boolean | undefined, never>;
  /** bigint: the pg driver reads it as a string, PGlite as a number; read with Number(). */
  chain_id: ColumnType<string | number | null, number | null, never>;
  /** Whether the message is an EIP-4361 (SIWE) message, re-parsed and validated at sign-in. */
  siwe: boolean;
}

export type CryptoWalletRow = Selectable<CryptoWalletsTable>;
export type NewCryptoWalletRow = Insertable<CryptoWalletsTable>;
export type CryptoWalletChallengeRow = Selectable<CryptoWalletChallengesTable>;
export type NewCryptoWalletChallengeRow = Insertable<CryptoWalletChallengesTable>;
