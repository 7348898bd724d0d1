/** @module console-operators.repository — SQL for the operator project and the console's operators. */
import type { DbExecutor } from '../../db/database.js';
import type { ConsoleOperatorRow, NewConsoleOperatorRow } from './console-operators.table.js';

/** The operator project's id, when it has been made. */
export async function findOperatorProjectId(db: DbExecutor): Promise<string | undefined> {
  const row = await db.selectFrom('operator_project').select('project_id').executeTakeFirst();
  return row?.project_id;
}

/** Names `projectId` the operator project unless one is named already; true when this call named it. */
export async function claimOperatorProject(db: DbExecutor, projectId: string): Promise<boolean> {
  const row = await db
    .insertInto('operator_project')
    .values({ singleton: true, project_id: projectId })
    .onConflict((oc) => oc.column('singleton').doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts an invited operator. */
export async function insertConsoleOperator(
  db: DbExecutor,
  row: NewConsoleOperatorRow,
): Promise<ConsoleOperatorRow> {
  return db.insertInto('console_operators').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Accepts the live invite whose token hashes to `tokenHash` for `userId`, in one guarded
 * UPDATE, so a token is used once even by two concurrent accepts; undefined when none matches.
 */
export async function acceptConsoleInvite(
  db: DbExecutor,
  input: { tokenHash: string; userId: string; emails: string[]; now: Date },
): Promise<ConsoleOperatorRow | undefined> {
  if (input.emails.length === 0) return undefined;
  return db
    .updateTable('console_operators')
    .set({ status: 'active', user_id: input.userId, invite_token_hash: null, accepted_at: input.now })
    .where('invite_token_hash', '=', input.tokenHash)
    .where('status', '=', 'invited')
    .where('invite_expires_at', '>', input.now)
    .where('email', 'in', input.emails)
    .returningAll()
    .executeTakeFirst();
}

/** The active operator held by the operator project's user `userId`. */
export async function findActiveConsoleOperator(
  db: DbExecutor,
  userId: string,
): Promise<ConsoleOperatorRow | undefined> {
  return db
    .selectFrom('console_operators')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** Whether any operator has accepted an invite (development prints an invite until one has). */
export async function hasActiveConsoleOperator(db: DbExecutor): Promise<boolean> {
  const row = await db
    .selectFrom('console_operators')
    .select('id')
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
