/**
 * @module user-management.service — what a project's back end does to its users with the secret
 * (`/v1/users…`): create, read, search, update, delete and remove one factor. Every change is one
 * transaction that also announces it on the domain event bus (webhooks and the audit log listen).
 */
import {
  DEFAULT_USERS_SEARCH_LIMIT,
  MAX_USER_METADATA_BYTES,
  type ServerUser,
  type ServerUsersCreateRequest,
  type ServerUsersSearchRequest,
  type ServerUsersUpdateRequest,
} from '@latchkey/wire';
import type { Clock } from '../../clock.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import { deleteUserOwnedRow, lockUserOwnedRow, type UserOwnedTable } from '../../db/user-owned-rows.js';
import type { DomainEvent, EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError, badField } from '../../errors/api-error.js';
import type { ErrorCode } from '../../errors/catalog.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import { phoneDirectory } from '../phone-numbers/phone-directory.js';
import { normalisePhoneNumber, phoneNumberProblemMessage } from '../phone-numbers/phone-number.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import { announceRevoked } from '../sessions/session-events.js';
import { isEmailAddress, normaliseEmailAddress } from '../users/email-address.js';
import { externalIdConflictOr, requireExternalIdFree } from '../users/external-id.js';
import { loadServerUser, toServerUsers } from '../users/server-user-object.js';
import { userDirectory } from '../users/user-directory.js';
import { resolveUserReference } from '../users/user-reference.js';
import { mergeMetadata } from '../users/users.service.js';
import type { UserRowUpdate } from '../users/users.table.js';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor.js';

/** Who asked and from where, for the events. */
export interface ChangeOrigin {
  ipAddress: string;
  /** The project's server, or an operator acting on the project (secret-auth serverActor). */
  actor: EventActor;
}

/** The factor kinds the server API removes by id, as the User object names their lists. */
export type RemovableFactor =
  | 'emails'
  | 'phone_numbers'
  | 'webauthn_registrations'
  | 'totps'
  | 'crypto_wallets'
  | 'providers'
  | 'password';

/** Per kind: its table, the error for an unknown id, and its id field in the User object. */
const FACTORS: Record<RemovableFactor, { table: UserOwnedTable; notFound: ErrorCode; idField: string }> = {
  emails: { table: 'emails', notFound: 'email_not_found', idField: 'email_id' },
  phone_numbers: { table: 'phone_numbers', notFound: 'phone_number_not_found', idField: 'phone_id' },
  webauthn_registrations: {
    table: 'webauthn_registrations',
    notFound: 'webauthn_registration_not_found',
    idField: 'webauthn_registration_id',
  },
  totps: { table: 'totps', notFound: 'totp_not_found', idField: 'totp_id' },
  crypto_wallets: {
    table: 'crypto_wallets',
    notFound: 'crypto_wallet_not_found',
    idField: 'crypto_wallet_id',
  },
  providers: {
    table: 'oauth_registrations',
    notFound: 'oauth_registration_not_found',
    idField: 'oauth_user_registration_id',
  },
  password: { table: 'passwords', notFound: 'password_not_found', idField: 'password_id' },
};

/** The stored JSON of merged metadata, or 400 when it outgrows the cap. */
function metadataJson(field: string, value: Record<string, unknown>): string {
  const json = toJson(value);
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) {
    throw badField(field, `may hold at most ${MAX_USER_METADATA_BYTES} bytes of JSON`);
  }
  return json;
}

/** The user management service. */
export interface UserManagement {
  /**
   * `also` runs in the creating transaction once the user and its addresses exist, before
   * `user.created` is announced (so the event shows what it added: a password, a session).
   */
  create(
    project: Project,
    input: ServerUsersCreateRequest,
    origin: ChangeOrigin,
    also?: (trx: DbExecutor, created: { userId: string; emailId: string }) => Promise<void>,
  ): Promise<{ user: ServerUser; emailId: string; phoneId: string }>;
  /** `userId` is the user's id or its external id (as everywhere a user id is taken). */
  get(project: Project, userId: string): Promise<ServerUser>;
  search(
    project: Project,
    input: ServerUsersSearchRequest,
  ): Promise<{ results: ServerUser[]; total: number; nextCursor: string | null }>;
  update(
    project: Project,
    userId: string,
    input: ServerUsersUpdateRequest,
    origin: ChangeOrigin,
  ): Promise<ServerUser>;
  /** Erases the user and everything of theirs; their sessions stop working at once. Answers the user's id. */
  delete(project: Project, userId: string, origin: ChangeOrigin): Promise<string>;
  /** Clears the user's external id (DELETE /v1/users/{user_id}/external_id). */
  deleteExternalId(project: Project, userId: string, origin: ChangeOrigin): Promise<ServerUser>;
  /** Removes one factor by its id; answers whose it was and the user as it is now. */
  removeFactor(
    project: Project,
    kind: RemovableFactor,
    id: string,
    origin: ChangeOrigin,
  ): Promise<{ userId: string; user: ServerUser }>;
}

/** Creates the service. */
export function createUserManagement(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  events: DomainEventBus;
}): UserManagement {
  const { db, clock, random, events } = deps;

  const event = (
    project: Project,
    type: DomainEvent['type'],
    origin: ChangeOrigin,
    data: Record<string, unknown>,
    changes?: DomainEvent['changes'],
  ): DomainEvent => ({
    type,
    projectId: project.id,
    actor: origin.actor,
    occurredAt: clock.now(),
    data,
    ipAddress: origin.ipAddress,
    ...(changes ? { changes } : {}),
  });

  const wireUser = async (executor: DbExecutor, projectId: string, userId: string): Promise<ServerUser> => {
    const user = await loadServerUser(executor, projectId, userId);
    if (!user) throw new ApiError('user_not_found');
    return user;
  };

  /** The id of the user `reference` names (its id or external id), or 404 user_not_found. */
  const idOf = async (executor: DbExecutor, project: Project, reference: string): Promise<string> => {
    const userId = await resolveUserReference(executor, project.id, reference);
    if (userId === undefined) throw new ApiError('user_not_found');
    return userId;
  };

  /** The row of the user `reference` names, locked for the transaction, or 404 user_not_found. */
  const lockedRow = async (trx: DbExecutor, project: Project, reference: string) => {
    const row = await userDirectory.lock(trx, project.id, await idOf(trx, project, reference));
    if (!row) throw new ApiError('user_not_found');
    return row;
  };

  return {
    async create(project, input, origin, also) {
      // Checked before the transaction: bad input changes nothing and opens nothing.
      if (input.email === undefined && input.phone_number === undefined) {
        throw badField('email', 'send email or phone_number');
      }
      if (input.email !== undefined && !isEmailAddress(input.email)) {
        throw badField('email', 'is not an email address');
      }
      let phoneNumber: string | undefined;
      if (input.phone_number !== undefined) {
        const parsed = normalisePhoneNumber(input.phone_number);
        if (!parsed.ok) throw badField('phone_number', phoneNumberProblemMessage(parsed.problem));
        phoneNumber = parsed.e164;
      }
      const trusted = metadataJson('trusted_metadata', input.trusted_metadata ?? {});
      const untrusted = metadataJson('untrusted_metadata', input.untrusted_metadata ?? {});
      const created = inTransaction(db, async (trx) => {
        const now = clock.now();
        if (input.external_id !== undefined) await requireExternalIdFree(trx, project.id, input.external_id);
        const user = await userDirectory.create(trx, {
          id: newId('user', project.environment, random),
          project_id: project.id,
          status: input.create_user_as_pending ? 'pending' : 'active',
          first_name: input.name?.first_name ?? '',
          middle_name: input.name?.middle_name ?? '',
          last_name: input.name?.last_name ?? '',
          trusted_metadata: trusted,
          untrusted_metadata: untrusted,
          external_id: input.external_id ?? null,
          roles: toJson(input.roles ?? []),
          created_at: now,
          updated_at: now,
        });
        let emailId = '';
        if (input.email !== undefined) {
          const email = await userDirectory.addEmailIfAbsent(trx, {
            id: newId('email', project.environment, random),
            project_id: project.id,
            user_id: user.id,
            email: normaliseEmailAddress(input.email),
            verified: false,
            created_at: now,
          });
          if (!email) throw new ApiError('duplicate_email');
          emailId = email.id;
        }
        let phoneId = '';
        if (phoneNumber !== undefined) {
          const phone = await phoneDirectory.addIfAbsent(trx, {
            id: newId('phoneNumber', project.environment, random),
            project_id: project.id,
            user_id: user.id,
            phone_number: phoneNumber,
            verified: false,
            created_at: now,
          });
          if (!phone) throw new ApiError('duplicate_phone_number');
          phoneId = phone.id;
        }
        await also?.(trx, { userId: user.id, emailId });
        const shown = await wireUser(trx, project.id, user.id);
        await events.publish(trx, event(project, 'user.created', origin, shown));
        return { user: shown, emailId, phoneId };
      });
      return created.catch((error: unknown) => Promise.reject(externalIdConflictOr(error)));
    },

    get: async (project, userId) => wireUser(db, project.id, await idOf(db, project, userId)),

    async search(project, input) {
      const order = input.order ?? 'created_at_asc';
      const after = input.cursor ? decodeSearchCursor(input.cursor, order) : undefined;
      const limit = input.limit ?? DEFAULT_USERS_SEARCH_LIMIT;
      const query = { operator: input.query?.operator ?? 'AND', operands: input.query?.operands ?? [] };
      // One more than the page tells whether another page follows.
      const rows = await userDirectory.search(db, project.id, query, { after, limit: limit + 1, order });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const total = await userDirectory.count(db, project.id, query);
      return {
        results: await toServerUsers(db, page),
        total,
        nextCursor:
          rows.length > limit && last
            ? encodeSearchCursor({ createdAt: last.created_at, id: last.id }, order)
            : null,
      };
    },

    async update(project, reference, input, origin) {
      const updated = inTransaction(db, async (trx) => {
        const row = await lockedRow(trx, project, reference);
        const userId = row.id;
        const changes: UserRowUpdate = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const name = { first_name: row.first_name, middle_name: row.middle_name, last_name: row.last_name };
        if (input.name !== undefined) {
          const next = { ...name, ...input.name };
          if (JSON.stringify(next) !== JSON.stringify(name)) {
            Object.assign(changes, next);
            before.name = name;
            after.name = next;
          }
        }
        for (const field of ['trusted_metadata', 'untrusted_metadata'] as const) {
          const patch = input[field];
          if (patch === undefined) continue;
          const merged = mergeMetadata(row[field], patch);
          const json = metadataJson(field, merged);
          if (json !== toJson(row[field])) {
            changes[field] = json;
            before[field] = row[field];
            after[field] = merged;
          }
        }
        if (input.status !== undefined && input.status !== row.status) {
          changes.status = input.status;
          before.status = row.status;
          after.status = input.status;
        }
        if (input.external_id !== undefined && input.external_id !== row.external_id) {
          await requireExternalIdFree(trx, project.id, input.external_id, userId);
          changes.external_id = input.external_id;
          before.external_id = row.external_id;
          after.external_id = input.external_id;
        }
        if (input.roles !== undefined && JSON.stringify(input.roles) !== JSON.stringify(row.roles)) {
          changes.roles = toJson(input.roles);
          before.roles = row.roles;
          after.roles = input.roles;
        }
        if (Object.keys(changes).length === 0) return wireUser(trx, project.id, userId);
        await userDirectory.update(trx, userId, { ...changes, updated_at: clock.now() });
        const shown = await wireUser(trx, project.id, userId);
        await events.publish(trx, event(project, 'user.updated', origin, shown, { before, after }));
        return shown;
      });
      return updated.catch((error: unknown) => Promise.reject(externalIdConflictOr(error)));
    },

    async deleteExternalId(project, reference, origin) {
      return inTransaction(db, async (trx) => {
        const row = await lockedRow(trx, project, reference);
        if (row.external_id === null) return wireUser(trx, project.id, row.id);
        await userDirectory.update(trx, row.id, { external_id: null, updated_at: clock.now() });
        const shown = await wireUser(trx, project.id, row.id);
        const changes = { before: { external_id: row.external_id }, after: { external_id: null } };
        await events.publish(trx, event(project, 'user.updated', origin, shown, changes));
        return shown;
      });
    },

    async delete(project, reference, origin) {
      return inTransaction(db, async (trx) => {
        const row = await lockedRow(trx, project, reference);
        const userId = row.id;
        const user = await wireUser(trx, project.id, userId);
        // Announced first, while the user's rows still exist: owners of rows keyed by an address
        // (queued deliveries, failure counters) erase theirs from the user object; every row with
        // the user's id then goes with the user row (ON DELETE CASCADE), and the database's
        // change notifications drop the user's cached session checks on every instance.
        await events.publish(trx, event(project, 'user.deleted', origin, user));
        await userDirectory.delete(trx, userId);
        return userId;
      });
    },

    async removeFactor(project, kind, id, origin) {
      const factor = FACTORS[kind];
      return inTransaction(db, async (trx) => {
        const userId = await lockUserOwnedRow(trx, factor.table, { projectId: project.id, id });
        if (userId === undefined) throw new ApiError(factor.notFound);
        const before = await wireUser(trx, project.id, userId);
        const listed = before[kind];
        const entries = (Array.isArray(listed) ? listed : [listed]) as Record<string, unknown>[];
        const entry = entries.find((e) => e?.[factor.idField] === id) ?? { [factor.idField]: id };
        await deleteUserOwnedRow(trx, factor.table, { projectId: project.id, userId, id });
        // SECURITY B9: whoever held the factor may hold a session, so every session of the user ends.
        const now = clock.now();
        const revoked = await liveSessions.revokeOthersOf(trx, project.id, userId, now);
        const user = await wireUser(trx, project.id, userId);
        await events.publish(
          trx,
          event(project, 'factor.removed', origin, { user_id: userId, factor_type: kind, ...entry }),
        );
        // Each ended session is announced as any revocation is, so receivers drop it too.
        const actor = { type: 'project', id: project.id } as const;
        await announceRevoked(events, trx, project.id, revoked, actor, now, origin.ipAddress);
        return { userId, user };
      });
    },
  };
}
