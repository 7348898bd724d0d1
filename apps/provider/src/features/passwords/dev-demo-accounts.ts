/**
 * @module dev-demo-accounts — in development, two accounts of the dev project whose password
 * sign-in leads to the widget's Breached and Dedupe screens, which a fresh account never reaches
 * (a breached password is refused at sign-up; a reset is required only of older accounts). The
 * demo page names them. Their passwords never yield a session: each login answers
 * reset_password and emails a reset link to the dev outbox.
 */
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import { createUserWithMethod } from '../otps/otp-recipients.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { setPassword } from './passwords.repository.js';

/** One demo account: its address, its password, and whether that password must be reset. */
export interface DevDemoAccount {
  email: string;
  password: string;
  requiresReset: boolean;
}

export const DEV_DEMO_ACCOUNTS: readonly DevDemoAccount[] = [
  // On the bundled list of breached passwords: the login answers reset_password, and the widget,
  // finding the password breached, shows PasswordBreached.
  { email: 'breached@example.com', password: 'password123', requiresReset: false },
  // A strong password the account must replace (as after an import): the widget shows PasswordDedupe.
  { email: 'dedupe@example.com', password: 'correct horse battery staple', requiresReset: true },
];

/**
 * Makes each demo account exist in `project` with its password and reset flag, as at the first
 * start: a password someone reset through the outbox since is put back.
 */
export async function ensureDevDemoAccounts(
  db: Db,
  deps: { clock: Clock; random: Random; hasher: PasswordHasher },
  project: Project,
): Promise<void> {
  // Hashed side by side (the hasher runs 2 × cores at once): each is a full argon2id on start-up.
  const hashes = await Promise.all(DEV_DEMO_ACCOUNTS.map((account) => deps.hasher.hash(account.password)));
  for (const [index, account] of DEV_DEMO_ACCOUNTS.entries()) {
    const hash = hashes[index] as string;
    await inTransaction(db, async (trx) => {
      const now = deps.clock.now();
      const userId =
        (await userDirectory.findEmail(trx, project.id, account.email))?.user_id ??
        (await createUserWithMethod(trx, deps, project, { channel: 'email', value: account.email }))?.user_id;
      if (!userId) return;
      await setPassword(
        trx,
        {
          id: newId('password', project.environment, deps.random),
          user_id: userId,
          project_id: project.id,
          hash,
          requires_reset: account.requiresReset,
        },
        now,
      );
    });
  }
}
