/** @module users.repository — SQL for users and their email addresses. */
import type { DbExecutor } from '../../db/database.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { type UserWithFactors, userFactorsOf } from './user-with-factors.js';
import type { EmailRow, NewEmailRow, NewUserRow, UserRow, UserRowUpdate } from './users.table.js';

/** The user `userId` of `projectId` with its factors (user-with-factors), in one statement. */
export async function findUserWithFactors(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<UserWithFactors | undefined> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(userFactorsOf('users.id'))
    .where('users.project_id', '=', projectId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The addresses of user `userId` of `projectId`, oldest first. */
export async function findAddressesOfUser(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('emails')
    .select('email')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.email);
}

/** The email row for a normalised address in `projectId`. */
export async function findEmailByAddress(
  db: DbExecutor,
  projectId: string,
  email: string,
): Promise<EmailRow | undefined> {
  return db
    .selectFrom('emails')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Inserts a user. */
export async function insertUser(db: DbExecutor, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts a user with no name or metadata yet: made by a sign-in method (an address, a phone
 * number, a wallet) that the caller attaches next. `id` is a new one unless given (the id an
 * answer already named, see promised-account).
 */
export async function insertBlankUser(
  db: DbExecutor,
  project: Pick<Project, 'id' | 'environment'>,
  status: UserRow['status'],
  deps: { random: Random; now: Date; id?: string },
): Promise<UserRow> {
  return insertUser(db, {
    id: deps.id ?? newId('user', project.environment, deps.random),
    project_id: project.id,
    status,
    first_name: '',
    middle_name: '',
    last_name: '',
    trusted_metadata: '{}',
    untrusted_metadata: '{}',
    created_at: deps.now,
    updated_at: deps.now,
  });
}

/** Inserts an email; returns undefined when the address is already taken in the project. */
export async function insertEmailIfAbsent(db: DbExecutor, row: NewEmailRow): Promise<EmailRow | undefined> {
  return db
    .insertInto('emails')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Marks an email verified. */
export async function markEmailVerified(db: DbExecutor, emailId: string): Promise<void> {
  await db.updateTable('emails').set({ verified: true }).where('id', '=', emailId).execute();
}

/** Turns a pending user active (no-op for active users). */
export async function activateUser(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'active', updated_at: now })
    .where('id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** Applies a profile change. */
export async function updateUser(db: DbExecutor, userId: string, changes: UserRowUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}
