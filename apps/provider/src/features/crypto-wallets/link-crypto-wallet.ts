/**
 * @module link-crypto-wallet — inside the sign-in transaction: finds the proven wallet's account,
 * or adds the wallet to the signed-in user (secondary) or to a new user (primary).
 */
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { announceLinkedFactor } from '../users/user-events.js';
import { lockWallet } from './crypto-wallet-challenges.repository.js';
import { walletInUse } from './crypto-wallet-errors.js';
import {
  findWallet,
  insertWalletIfAbsent,
  recordWalletSignIn,
  type WalletKey,
} from './crypto-wallets.repository.js';
import type { CryptoWalletRow } from './crypto-wallets.table.js';

/** What linking needs. */
export interface LinkWalletDeps {
  clock: Clock;
  random: Random;
  /** Where `user.created` (a wallet sign-up) and `factor.added` (a wallet linked to a signed-in user) are announced. */
  events?: DomainEventBus;
}

/** The wallet signed in with, and whether this sign-in created its user. */
export interface LinkedWallet {
  wallet: CryptoWalletRow;
  createdUser: boolean;
}

/**
 * Links the wallet `key` to its account. `ownerUserId` is the signed-in user of a secondary
 * challenge (the wallet is added to them; another user's wallet → 409 crypto_wallet_in_use), or
 * null for a primary one (the wallet's user, or a new active user without email). The wallet lock
 * makes concurrent first sign-ins of one wallet queue, so exactly one user is created.
 */
export async function linkCryptoWallet(
  trx: Transaction,
  deps: LinkWalletDeps,
  project: Project,
  key: WalletKey,
  ownerUserId: string | null,
): Promise<LinkedWallet> {
  await lockWallet(trx, key);
  const now = deps.clock.now();
  const existing = await findWallet(trx, key);
  if (existing) {
    if (ownerUserId !== null && existing.user_id !== ownerUserId) throw walletInUse();
    await userDirectory.activate(trx, existing.user_id, now);
    return { wallet: await recordWalletSignIn(trx, existing.id, now), createdUser: false };
  }
  const userId = ownerUserId ?? (await createWalletUser(trx, deps, project, now));
  const wallet = await insertWalletIfAbsent(trx, {
    id: newId('cryptoWallet', project.environment, deps.random),
    project_id: project.id,
    user_id: userId,
    type: key.type,
    address: key.address,
    verified: true,
    created_at: now,
    last_authenticated_at: now,
  });
  if (!wallet) throw new Error('a crypto wallet was linked while its lock was held');
  await announceLinkedFactor(trx, deps.events, {
    projectId: project.id,
    userId,
    factorType: 'crypto_wallet',
    factorId: wallet.id,
    now,
    createdUser: ownerUserId === null,
  });
  return { wallet, createdUser: ownerUserId === null };
}

/** A new active user with no name, email or phone: the wallet is its only way in. */
async function createWalletUser(trx: Transaction, deps: LinkWalletDeps, project: Project, now: Date) {
  const user = await userDirectory.createBlank(trx, project, 'active', { random: deps.random, now });
  return user.id;
}
