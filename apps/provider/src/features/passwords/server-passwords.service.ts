/**
 * @module server-passwords.service — what a project's back end does with passwords over the
 * server API (`/v1/passwords…`, project secret): the browser API's password services, called
 * with the project as the events' actor, a session only when one is asked for, and failed logins
 * counted on the account (the caller's address is the integrator's server, one for all its users).
 * Adds what only the server API has: creating a user with its fields, and importing a hash.
 */
import type { ServerPasswordsMigrateRequest } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import type { PrimarySignIn, SessionAttributes } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import type { ChangeOrigin, UserManagement } from '../user-management/user-management.service.js';
import { isEmailAddress, normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import type { UserWithFactors } from '../users/user-with-factors.js';
import { announcePasswordChanged } from './password-events.js';
import { importedHashOf } from './password-import.js';
import { normalisePassword } from './password-input.js';
import { requireStrongPassword } from './password-strength.js';
import { insertPasswordIfAbsent, setPassword } from './passwords.repository.js';
import { type PasswordServiceDeps, type PasswordsService, passwordFactor } from './passwords.service.js';

/** 400 invalid_email naming `.email` (the server API names the field of every 400). */
export function requireEmailAddress(value: string): string {
  if (!isEmailAddress(value))
    throw new ApiError('invalid_email', {
      body: [{ dataPath: '.email', message: 'is not an email address' }],
    });
  return normaliseEmailAddress(value);
}

/** The fields of `POST /v1/passwords` the service uses. */
export interface ServerPasswordCreateInput {
  email: string;
  password: string;
  session_duration_minutes?: number | undefined;
  name?: { first_name?: string; middle_name?: string; last_name?: string } | undefined;
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
  external_id?: string | undefined;
  roles?: string[] | undefined;
}

/** What the server password service needs: the browser side's services and the user management. */
export type ServerPasswordsDeps = Pick<
  PasswordServiceDeps,
  'db' | 'clock' | 'random' | 'sessions' | 'hasher' | 'lockout' | 'breached' | 'events'
> & {
  passwords: PasswordsService;
  users: UserManagement;
};

/** The project as the actor of what its server does. */

/** Creates the server password service. */
export function createServerPasswordsService(deps: ServerPasswordsDeps) {
  const { db, clock } = deps;
  const passwordId = (project: Project) => newId('password', project.environment, deps.random);
  /** Stores `hash` as the password of the user just created (`users.create`'s `also`). */
  const addPassword = async (trx: DbExecutor, project: Project, userId: string, hash: string) => {
    const now = clock.now();
    await insertPasswordIfAbsent(trx, {
      id: passwordId(project),
      user_id: userId,
      project_id: project.id,
      hash,
      requires_reset: false,
      created_at: now,
      updated_at: now,
    });
  };

  return {
    /**
     * A new active user with `email`, the password and the user fields the call gives, in one
     * transaction that announces `user.created` (password included); then, when a duration was
     * given, a session (or an intermediate session when a second factor is due). The password is
     * judged before anything is written; an address that has an account → 400 duplicate_email.
     */
    async create(
      project: Project,
      input: ServerPasswordCreateInput,
      origin: ChangeOrigin & { attributes: SessionAttributes },
    ): Promise<{ userId: string; emailId: string; signIn: PrimarySignIn | undefined }> {
      const email = requireEmailAddress(input.email);
      const password = normalisePassword(input.password);
      await requireStrongPassword(deps.breached, project, password, email);
      const hash = await deps.hasher.hash(password);
      const { password: _password, session_duration_minutes: duration, ...fields } = input;
      const created = await deps.users.create(project, { ...fields, email }, origin, (trx, ids) =>
        addPassword(trx, project, ids.userId, hash),
      );
      const userId = created.user.user_id;
      await deps.lockout.clear(project, [email]);
      const signIn =
        duration === undefined
          ? undefined
          : await inTransaction(db, (trx) =>
              deps.sessions.completePrimarySignIn(trx, {
                project,
                userId,
                factor: passwordFactor(clock.now()),
                durationMinutes: duration,
                attributes: { ...origin.attributes, actor: origin.actor },
              }),
            );
      return { userId, emailId: created.emailId, signIn };
    },

    /**
     * Checks email and password as the browser's login does (limits, lock, breach check,
     * rehash), counting failures on the account only. Then: with a session of the same user, the
     * password factor is added to it; else with a duration, a new session; else none (the
     * pending user is still activated: the password proved it).
     */
    async authenticate(
      project: Project,
      input: { email: string; password: string; session_duration_minutes?: number | undefined },
      into: { session: SessionRow | undefined; attributes: SessionAttributes; actor: EventActor },
    ): Promise<{ user: UserWithFactors; signIn: PrimarySignIn | undefined; extended?: SessionRow }> {
      requireEmailAddress(input.email);
      const user = await deps.passwords.check(project, input, null);
      const duration = input.session_duration_minutes;
      if (into.session !== undefined) {
        // Another user's session is not one this sign-in can step up.
        if (into.session.user_id !== user.id) throw new ApiError('session_not_found');
        const factor = passwordFactor(clock.now());
        const extended = await deps.sessions.addFactor(db, project, into.session.id, factor, duration);
        return { user, signIn: undefined, extended };
      }
      if (duration !== undefined) {
        const signedIn = await deps.passwords.signIn(project, user, {
          durationMinutes: duration,
          attributes: into.attributes,
          actor: into.actor,
        });
        return { user: signedIn.user, signIn: signedIn };
      }
      if (user.status === 'pending') await userDirectory.activate(db, user.id, clock.now());
      return { user, signIn: undefined };
    },

    /** The user and address a reset email for `email` goes to, or 404 email_not_found. */
    async resetRecipient(project: Project, email: string): Promise<{ userId: string; emailId: string }> {
      const row = await userDirectory.findEmail(db, project.id, requireEmailAddress(email));
      if (!row)
        throw new ApiError('email_not_found', {
          message: 'No user of this project has this email address.',
          body: [{ dataPath: '.email', message: 'belongs to no user of this project' }],
        });
      return { userId: row.user_id, emailId: row.id };
    },

    /**
     * Imports a hash made elsewhere for `email`. A new address gets a new active user with the
     * call's user fields (`user.created`); an existing user gets the password set, replacing any
     * (`password.changed`; as every password change, their sessions end). The hash's shape is
     * checked first (400 naming the field); its first successful login replaces it with argon2id.
     */
    async migrate(
      project: Project,
      input: ServerPasswordsMigrateRequest,
      origin: ChangeOrigin,
    ): Promise<{ userId: string; emailId: string; userCreated: boolean }> {
      const email = requireEmailAddress(input.email);
      const hash = importedHashOf(input);
      const verify = async (trx: DbExecutor, emailId: string) => {
        if (input.set_email_verified) await userDirectory.markEmailVerified(trx, emailId);
      };
      const existing = await userDirectory.findEmail(db, project.id, email);
      if (!existing) {
        const {
          email: _e,
          hash: _h,
          hash_type: _t,
          argon_2_config,
          scrypt_config,
          pbkdf_2_config,
          md_5_config,
          sha_1_config,
          sha_512_config,
          set_email_verified,
          ...fields
        } = input;
        const created = await deps.users.create(project, { ...fields, email }, origin, async (trx, ids) => {
          await addPassword(trx, project, ids.userId, hash);
          await verify(trx, ids.emailId);
        });
        await deps.lockout.clear(project, [email]);
        return { userId: created.user.user_id, emailId: created.emailId, userCreated: true };
      }
      await inTransaction(db, async (trx) => {
        const now = clock.now();
        const userId = existing.user_id;
        await setPassword(
          trx,
          { id: passwordId(project), user_id: userId, project_id: project.id, hash },
          now,
        );
        await verify(trx, existing.id);
        const revoked = await liveSessions.revokeOthersOf(trx, project.id, userId, now);
        await announcePasswordChanged(trx, deps.events, {
          projectId: project.id,
          userId,
          now,
          revoked,
          actor: origin.actor,
          ipAddress: origin.ipAddress,
        });
      });
      await deps.lockout.clear(project, await userDirectory.addressesOf(db, project.id, existing.user_id));
      return { userId: existing.user_id, emailId: existing.id, userCreated: false };
    },
  };
}

/** The server password service. */
export type ServerPasswordsService = ReturnType<typeof createServerPasswordsService>;
