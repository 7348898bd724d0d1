/** @module users.repository — SQL for users and their email addresses. */
import type { DbExecutor } from '../../db/database.js';
import type { EmailRow, NewEmailRow, NewUserRow, UserRow, UserRowUpdate } from './users.table.js';

/** The user `userId` of `projectId`. */
export async function findUserById(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', userId)
    .executeTakeFirst();
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

/** A user's addresses, oldest first. */
export async function listEmailsOfUser(db: DbExecutor, userId: string): Promise<EmailRow[]> {
  return db
    .selectFrom('emails')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Inserts a user. */
export async function insertUser(db: DbExecutor, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
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
