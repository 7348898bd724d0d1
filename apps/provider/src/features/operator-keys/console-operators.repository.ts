/** @module console-operators.repository — SQL for the operator project and the console's operators. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { findRowBy } from '../../db/keyed-rows.js';
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
export const findActiveConsoleOperator = (db: DbExecutor, userId: string) =>
  findRowBy(db, 'console_operators', { user_id: userId, status: 'active' });

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

/** The operators who are invited or active (removed ones are history: the audit log keeps them), oldest first. */
export async function listConsoleOperators(db: DbExecutor): Promise<ConsoleOperatorRow[]> {
  return db
    .selectFrom('console_operators')
    .selectAll()
    .where('status', '<>', 'removed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The active operators, locked until the transaction ends: two operators removing each other at
 * once then take turns, and the second sees the first's removal, so the last one always stays.
 */
export async function lockActiveConsoleOperators(db: DbExecutor): Promise<ConsoleOperatorRow[]> {
  return db
    .selectFrom('console_operators')
    .selectAll()
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The invited or active operator `id`. */
export async function findLiveConsoleOperator(
  db: DbExecutor,
  id: string,
): Promise<ConsoleOperatorRow | undefined> {
  return db
    .selectFrom('console_operators')
    .selectAll()
    .where('id', '=', id)
    .where('status', '<>', 'removed')
    .executeTakeFirst();
}

/**
 * The invited or active operators of `email`, after taking a lock on the address until the
 * transaction ends: two invites of one address at once then take turns, and the second sees the first.
 */
export async function lockLiveConsoleOperatorsByEmail(
  db: DbExecutor,
  email: string,
): Promise<ConsoleOperatorRow[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${`console_operator:${email}`}))`.execute(db);
  return db
    .selectFrom('console_operators')
    .selectAll()
    .where('email', '=', email)
    .where('status', '<>', 'removed')
    .orderBy('created_at')
    .execute();
}

/** Marks the invited or active operator `id` removed (an invite's token stops working with it). */
export async function markConsoleOperatorRemoved(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<ConsoleOperatorRow | undefined> {
  return db
    .updateTable('console_operators')
    .set({ status: 'removed', invite_token_hash: null, removed_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'removed')
    .returningAll()
    .executeTakeFirst();
}

/** Records that the operator's session started at `startedAt`, unless a later one is recorded. */
export async function recordConsoleSignIn(db: DbExecutor, id: string, startedAt: Date): Promise<void> {
  await db
    .updateTable('console_operators')
    .set({ last_sign_in_at: startedAt })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_sign_in_at', 'is', null), eb('last_sign_in_at', '<', startedAt)]))
    .execute();
}
