/**
 * @module user-directory — what other features may do with users and their addresses. The users
 * repository stays private to this folder: a sign-in method finds, creates, verifies and activates
 * users through this interface, so the SQL can change without touching them.
 */
import type { UsersSearchOrder } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { UserWithFactors } from './user-with-factors.js';
import {
  activateUser,
  analyzeUsers,
  deleteUser,
  findAddressesOfUser,
  findEmailByAddress,
  findEmailOfUser,
  findUsersWithWebauthnUserHandle,
  findUserWithFactors,
  findWebauthnUserHandle,
  insertBlankUser,
  insertEmailIfAbsent,
  insertUser,
  insertUsersWithEmails,
  lockUser,
  markEmailVerified,
  ownsAnyEmail,
  updateUser,
} from './users.repository.js';
import type { EmailRow, NewEmailRow, NewUserRow, UserRow, UserRowUpdate } from './users.table.js';
import {
  countUsers,
  searchUsers,
  type UserSearchPosition,
  type UserSearchQuery,
} from './users-search.repository.js';

/** The users operations other features use. */
export interface UserDirectory {
  /** The user `userId` of `projectId` with its factors, in one statement. */
  findWithFactors(db: DbExecutor, projectId: string, userId: string): Promise<UserWithFactors | undefined>;
  /** The email row for a normalised address in `projectId`. */
  findEmail(db: DbExecutor, projectId: string, email: string): Promise<EmailRow | undefined>;
  /** The address `emailId` if it still belongs to user `userId` (it may have left the account since). */
  findEmailOfUser(db: DbExecutor, userId: string, emailId: string): Promise<EmailRow | undefined>;
  /** Whether the user still owns at least one of the addresses `emailIds`. */
  ownsAnyEmail(db: DbExecutor, projectId: string, userId: string, emailIds: string[]): Promise<boolean>;
  /** The addresses of the user, oldest first. */
  addressesOf(db: DbExecutor, projectId: string, userId: string): Promise<string[]>;
  /** Creates a user from a full row. */
  create(db: DbExecutor, row: NewUserRow): Promise<UserRow>;
  /** Creates a user with no name or metadata yet, for a sign-in method the caller attaches next. */
  createBlank(
    db: DbExecutor,
    project: Pick<Project, 'id' | 'environment'>,
    status: UserRow['status'],
    deps: { random: Random; now: Date; id?: string },
  ): Promise<UserRow>;
  /** Adds an address; undefined when it is already taken in the project. */
  addEmailIfAbsent(db: DbExecutor, row: NewEmailRow): Promise<EmailRow | undefined>;
  /** Marks an address verified. */
  markEmailVerified(db: DbExecutor, emailId: string): Promise<void>;
  /** Turns a pending user active (no-op for active users). */
  activate(db: DbExecutor, userId: string, now: Date): Promise<void>;
  /** Deletes a user that a sign-in method just created but could not attach to (rows cascade). */
  delete(db: DbExecutor, userId: string): Promise<void>;
  /** The user row, locked until the transaction ends (the server API's read-modify-write and delete). */
  lock(db: DbExecutor, projectId: string, userId: string): Promise<UserRow | undefined>;
  /** The user's WebAuthn user handle (set by the server API's override_id, else the user id); undefined: no user. */
  webauthnHandleOf(db: DbExecutor, projectId: string, userId: string): Promise<string | undefined>;
  /** The ids of the project's users whose WebAuthn user handle is `handle`. */
  holdersOfWebauthnHandle(db: DbExecutor, projectId: string, handle: string): Promise<string[]>;
  /** Applies a change to a user row. */
  update(db: DbExecutor, userId: string, changes: UserRowUpdate): Promise<void>;
  /** A page of the users matching a search, in `order` (by creation time, then id), with their factors. */
  search(
    db: DbExecutor,
    projectId: string,
    query: UserSearchQuery,
    page: { after: UserSearchPosition | undefined; limit: number; order: UsersSearchOrder },
  ): Promise<UserWithFactors[]>;
  /** How many users match a search. */
  count(db: DbExecutor, projectId: string, query: UserSearchQuery): Promise<number>;
  /** Inserts many users and their addresses at once (development seeding only: no events, no checks). */
  createMany(db: DbExecutor, users: NewUserRow[], emails: NewEmailRow[]): Promise<void>;
  /** Refreshes the query planner's statistics after createMany (outside its transactions). */
  analyze(db: DbExecutor): Promise<void>;
}

/** The directory over this provider's database. */
export const userDirectory: UserDirectory = {
  findWithFactors: findUserWithFactors,
  findEmail: findEmailByAddress,
  findEmailOfUser,
  ownsAnyEmail,
  addressesOf: findAddressesOfUser,
  create: insertUser,
  createBlank: insertBlankUser,
  addEmailIfAbsent: insertEmailIfAbsent,
  markEmailVerified,
  activate: activateUser,
  delete: deleteUser,
  lock: lockUser,
  webauthnHandleOf: findWebauthnUserHandle,
  holdersOfWebauthnHandle: findUsersWithWebauthnUserHandle,
  update: updateUser,
  search: searchUsers,
  count: countUsers,
  createMany: insertUsersWithEmails,
  analyze: analyzeUsers,
};
