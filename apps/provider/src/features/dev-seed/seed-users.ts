/**
 * @module seed-users — many users with an email address each, fast, for trying the console and
 * measuring the search at scale (development mode only). Rows go in a thousand at a time, each
 * thousand in its own transaction, so a failure leaves whole users behind, never half of one.
 * Nothing is announced: no webhook, audit record or email for made-up people.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import type { NewEmailRow, NewUserRow } from '../users/users.table.js';

/** The most users one call seeds. */
export const MAX_SEED_USERS = 100_000;
const PER_TRANSACTION = 1_000;

/** What was seeded: addresses `{prefix}{n}@example.com` for n = 1…count (zero-padded). */
export interface SeededUsers {
  created: number;
  emailPrefix: string;
  firstEmail: string;
  lastEmail: string;
}

/** The address of the `n`th seeded user. */
export function seededEmail(prefix: string, n: number, count: number): string {
  return `${prefix}${String(n).padStart(String(count).length, '0')}@example.com`;
}

/**
 * Seeds `count` active users of `project`, created a millisecond apart ending now (so the
 * search's order is the seeding order), each with one verified address.
 */
export async function seedUsers(
  deps: { db: Db; clock: Clock; random: Random },
  project: Pick<Project, 'id' | 'environment'>,
  count: number,
  emailPrefix: string,
): Promise<SeededUsers> {
  const end = deps.clock.now().getTime();
  for (let from = 1; from <= count; from += PER_TRANSACTION) {
    const users: NewUserRow[] = [];
    const emails: NewEmailRow[] = [];
    for (let n = from; n < Math.min(from + PER_TRANSACTION, count + 1); n++) {
      const at = new Date(end - (count - n));
      const userId = newId('user', project.environment, deps.random);
      users.push({
        id: userId,
        project_id: project.id,
        status: 'active' as const,
        first_name: 'Seed',
        middle_name: '',
        last_name: String(n),
        trusted_metadata: '{}',
        untrusted_metadata: '{}',
        created_at: at,
        updated_at: at,
      });
      emails.push({
        id: newId('email', project.environment, deps.random),
        project_id: project.id,
        user_id: userId,
        email: seededEmail(emailPrefix, n, count),
        verified: true,
        created_at: at,
      });
    }
    await inTransaction(deps.db, (trx) => userDirectory.createMany(trx, users, emails));
  }
  await userDirectory.analyze(deps.db);
  return {
    created: count,
    emailPrefix,
    firstEmail: seededEmail(emailPrefix, 1, count),
    lastEmail: seededEmail(emailPrefix, count, count),
  };
}
