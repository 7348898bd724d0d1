/** @module users.repository — SQL for users and their email addresses. */
import { sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-statement.js';
import type { DbExecutor } from '../../db/database.js';
import { findColumnsBy, findRowBy } from '../../db/keyed-rows.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { type UserWithFactors, userFactorsOf } from './user-with-factors.js';
import type { EmailRow, NewEmailRow, NewUserRow, UserRow, UserRowUpdate } from './users.table.js';

/**
 * Compiled once: every login and many other calls read the user with its seven factor
 * subqueries, and building and compiling that statement per call cost more CPU than PGlite
 * running it (issue 18: 513 → 240 µs per read, in-process on PGlite).
 */
const userWithFactorsStatement = compiledStatement(['project_id', 'user_id'], (db, v) =>
  db
    .selectFrom('users')
    // The columns of UserWithFactors: the server API's own (external_id, roles) are read apart
    // (server-user-object), so this read equals the session check's.
    .select([
      'users.id',
      'users.project_id',
      'users.status',
      'users.first_name',
      'users.middle_name',
      'users.last_name',
      'users.trusted_metadata',
      'users.untrusted_metadata',
      'users.created_at',
      'users.updated_at',
    ])
    .select(userFactorsOf('users.id'))
    .where('users.project_id', '=', v.project_id)
    .where('users.id', '=', v.user_id),
);

/** The user `userId` of `projectId` with its factors (user-with-factors), in one statement. */
export async function findUserWithFactors(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<UserWithFactors | undefined> {
  const [user] = await userWithFactorsStatement.execute(db, { project_id: projectId, user_id: userId });
  return user;
}

/** The email rows of user `userId` of `projectId`. */
function emailsOfUser(db: DbExecutor, projectId: string, userId: string) {
  return db.selectFrom('emails').where('project_id', '=', projectId).where('user_id', '=', userId);
}

/** The addresses of user `userId` of `projectId`, oldest first. */
export async function findAddressesOfUser(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<string[]> {
  const rows = await emailsOfUser(db, projectId, userId).select('email').orderBy('created_at').execute();
  return rows.map((row) => row.email);
}

/** The email row for a normalised address in `projectId`. */
export const findEmailByAddress = (db: DbExecutor, projectId: string, email: string) =>
  findRowBy(db, 'emails', { project_id: projectId, email });

/** The address `emailId` if it still belongs to user `userId`. */
export const findEmailOfUser = (db: DbExecutor, userId: string, emailId: string) =>
  findRowBy(db, 'emails', { id: emailId, user_id: userId });

/** Whether user `userId` of `projectId` still owns at least one of the addresses `emailIds`. */
export async function ownsAnyEmail(
  db: DbExecutor,
  projectId: string,
  userId: string,
  emailIds: string[],
): Promise<boolean> {
  const owned = await emailsOfUser(db, projectId, userId)
    .select('id')
    .where('id', 'in', emailIds)
    .executeTakeFirst();
  return owned !== undefined;
}

/** The user row `userId` of `projectId`, locked until the transaction ends (a read-modify-write). */
export async function findUserForUpdate(db: DbExecutor, projectId: string, userId: string): Promise<UserRow> {
  const row = await lockUser(db, projectId, userId);
  if (!row) throw new Error(`user ${userId} of project ${projectId} is missing`);
  return row;
}

/** The user row `userId` of `projectId` locked until the transaction ends, or undefined when there is none. */
export async function lockUser(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('project_id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a user (its addresses and other rows cascade). */
export async function deleteUser(db: DbExecutor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Inserts a user. */
export async function insertUser(db: DbExecutor, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many users and their addresses, a thousand rows a statement (development seeding). */
export async function insertUsersWithEmails(
  db: DbExecutor,
  users: NewUserRow[],
  emails: NewEmailRow[],
): Promise<void> {
  const chunk = 1_000;
  for (let at = 0; at < users.length; at += chunk)
    await db
      .insertInto('users')
      .values(users.slice(at, at + chunk))
      .execute();
  for (let at = 0; at < emails.length; at += chunk)
    await db
      .insertInto('emails')
      .values(emails.slice(at, at + chunk))
      .execute();
}

/**
 * Refreshes the planner's statistics of users and addresses after a bulk load: without them the
 * planner takes 100 000 fresh rows for a handful and walks every user per search (PGlite runs no
 * autovacuum at all; PostgreSQL's comes only later).
 */
export async function analyzeUsers(db: DbExecutor): Promise<void> {
  await sql`analyze users, emails`.execute(db);
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

/**
 * The WebAuthn user handle of user `userId` of `projectId`: the one the server API set
 * (`override_id`), else the user id; undefined when there is no such user.
 */
export async function findWebauthnUserHandle(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<string | undefined> {
  const key = { id: userId, project_id: projectId };
  const row = await findColumnsBy(db, 'users', key, ['id', 'webauthn_user_handle']);
  return row && (row.webauthn_user_handle ?? row.id);
}

/**
 * The users of `projectId` that `handle` names as a WebAuthn user handle: theirs by override_id,
 * or their user id (whether or not they have set another), so ids and handles never name two users.
 */
export async function findUsersWithWebauthnUserHandle(
  db: DbExecutor,
  projectId: string,
  handle: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('webauthn_user_handle', '=', handle), eb('id', '=', handle)]))
    .execute();
  return rows.map((row) => row.id);
}
