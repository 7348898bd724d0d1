/** @module crypto-wallet-challenges — issuing and consuming single-use wallet challenges (SECURITY G1, G2, K4). */

import { type ExpiringRowsDeps, sweptClock } from '../../db/single-use-rows.js';
import { inTransaction } from '../../db/transaction.js';
import {
  consumeOpenChallenges,
  insertChallenge,
  lockWallet,
  retireOpenChallengesBeyond,
} from './crypto-wallet-challenges.repository.js';
import { MAX_OPEN_CHALLENGES_PER_WALLET } from './crypto-wallet-policy.js';
import type { WalletKey } from './crypto-wallets.repository.js';
import type { CryptoWalletChallengeRow } from './crypto-wallets.table.js';

/** One challenge to store: the message and everything it is bound to. */
export interface ChallengeToIssue {
  key: WalletKey;
  message: string;
  nonce: string;
  origin: string;
  /** The session and user of a secondary start; null for a primary one (the server API may name the user alone). */
  binding: { sessionId: string | null; userId: string } | null;
  /** Issued by the server API: answered only through it (SECURITY G1: a browser's challenge stays the page's). */
  forServer: boolean;
  chainId: number | null;
  siwe: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/** Issues and consumes challenges. */
export interface ChallengeStore {
  issue(challenge: ChallengeToIssue): Promise<void>;
  /** Uses up every open challenge of the wallet; newest first, empty when there is none. */
  consume(key: WalletKey, now: Date): Promise<CryptoWalletChallengeRow[]>;
}

/**
 * Creates the store. Expired challenges are deleted by issue() at most once per
 * `sweepIntervalMs` of the injected clock, so the table holds about five minutes' worth of
 * starts (bounded further by the start endpoints' rate limit).
 */
export function createChallengeStore(deps: ExpiringRowsDeps): ChallengeStore {
  const sweptNow = sweptClock(deps, 'crypto_wallet_challenges');

  return {
    async issue(challenge) {
      const now = await sweptNow();
      await inTransaction(deps.db, async (trx) => {
        await lockWallet(trx, challenge.key);
        await retireOpenChallengesBeyond(trx, challenge.key, MAX_OPEN_CHALLENGES_PER_WALLET - 1, now);
        await insertChallenge(trx, {
          project_id: challenge.key.projectId,
          wallet_type: challenge.key.type,
          wallet_address: challenge.key.address,
          message: challenge.message,
          nonce: challenge.nonce,
          origin: challenge.origin,
          session_id: challenge.binding?.sessionId ?? null,
          user_id: challenge.binding?.userId ?? null,
          chain_id: challenge.chainId,
          siwe: challenge.siwe,
          for_server: challenge.forServer,
          created_at: challenge.createdAt,
          expires_at: challenge.expiresAt,
          used_at: null,
        });
      });
    },

    consume: (key, now) => consumeOpenChallenges(deps.db, key, now),
  };
}
