/** @module passwords.service — creating a password account, logging in with a password, and the checks around both. */
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { SecondFactorLock } from '../mfa/second-factor-lock.js';
import { secondFactorOptionsOfUser } from '../mfa/second-factor-options.js';
import { createUserWithMethod } from '../otps/otp-recipients.js';
import type { PasscodeLock } from '../otps/passcode-lock.js';
import type { Project } from '../projects/project.js';
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import type { UserWithFactors } from '../users/user-with-factors.js';
import type { BreachedPasswords } from './breached-passwords.js';
import type { LoginLockout } from './login-lockout.js';
import { verifyCredentials, WRONG_CREDENTIALS_MESSAGE } from './password-credentials.js';
import { normalisePassword } from './password-input.js';
import type { PasswordLock } from './password-lock.js';
import { assessPassword, type PasswordStrength, requireStrongPassword } from './password-strength.js';
import { findPassword, insertPasswordIfAbsent, replacePasswordHash } from './passwords.repository.js';

/** What create and authenticate take. */
export interface PasswordLoginInput {
  email: string;
  password: string;
  session_duration_minutes?: number | undefined;
}

/** /users/search: what the widget should show for an address. */
export type UserType = 'new' | 'password' | 'passwordless';

/** The session factor a password login adds (wire/objects.md AuthenticationFactor). */
export function passwordFactor(now: Date): AuthenticationFactor {
  return authenticationFactor('password', 'knowledge', now);
}

/** What every password service needs (create/log in, changes, resets by email). */
export interface PasswordServiceDeps {
  db: Db;
  clock: Clock;
  random: Random;
  sessions: SessionsService;
  hasher: PasswordHasher;
  lockout: LoginLockout;
  lock: PasswordLock;
  /** Ended by the same proofs as `lock` (second-factor-lock.ts). */
  secondFactorLock: SecondFactorLock;
  /** Ended by an email reset of its address (passcode-lock.ts). */
  passcodeLock: PasscodeLock;
  breached: BreachedPasswords;
  /** Where sign-ups (`user.created`), password changes and the sessions they end are announced. */
  events?: DomainEventBus;
}

/** The user behind a password that just matched (deleted meanwhile: the login fails like a wrong password). */
async function requireUser(db: DbExecutor, projectId: string, userId: string): Promise<UserWithFactors> {
  const user = await userDirectory.findWithFactors(db, projectId, userId);
  if (!user) throw new ApiError('unauthorized_credentials', { message: WRONG_CREDENTIALS_MESSAGE });
  return user;
}

/** Creates the passwords service. */
export function createPasswordsService(deps: PasswordServiceDeps) {
  const { db, clock, hasher } = deps;

  const service = {
    /** The strength response for a typed password (nothing stored or counted). */
    strength(project: Project, password: string, email?: string): Promise<PasswordStrength> {
      return assessPassword(
        deps.breached,
        project,
        normalisePassword(password),
        email && normaliseEmailAddress(email),
      );
    },

    async search(project: Project, email: string): Promise<UserType> {
      const row = await userDirectory.findEmail(db, project.id, normaliseEmailAddress(email));
      if (!row) return 'new';
      return (await findPassword(db, row.user_id)) ? 'password' : 'passwordless';
    },

    /**
     * Creates a user with `email` and a password, and signs them in. An address that already
     * has an account (with or without a password) gets 400 reset_password and nothing is
     * changed: the owner proves control of the inbox through the reset email instead. Failed
     * logins counted on the address before it had an account are forgotten (SECURITY A4 b).
     */
    async create(
      project: Project,
      input: PasswordLoginInput,
      attributes: SessionAttributes,
    ): Promise<PrimarySignIn & { emailId: string }> {
      const email = normaliseEmailAddress(input.email);
      const password = normalisePassword(input.password);
      await requireStrongPassword(deps.breached, project, password, email);
      const taken = () =>
        new ApiError('reset_password', {
          message:
            'An account with this email already exists. Log in, or set a password through the reset email.',
        });
      if (await userDirectory.findEmail(db, project.id, email)) throw taken();
      const hash = await hasher.hash(password);
      const created = await inTransaction(db, async (trx) => {
        const now = clock.now();
        const method = await createUserWithMethod(trx, deps, project, { channel: 'email', value: email });
        if (!method) throw taken();
        await insertPasswordIfAbsent(trx, {
          id: newId('password', project.environment, deps.random),
          user_id: method.user_id,
          project_id: project.id,
          hash,
          requires_reset: false,
          created_at: now,
          updated_at: now,
        });
        const session = await deps.sessions.completePrimarySignIn(trx, {
          project,
          userId: method.user_id,
          factor: passwordFactor(now),
          durationMinutes: input.session_duration_minutes,
          attributes,
        });
        return { ...session, emailId: method.id };
      });
      await deps.lockout.clear(project, [email]);
      return created;
    },

    /**
     * Checks email and password, and answers the user behind them. Limits come first (429
     * inside a delay window, no hashing); an unknown address costs the same verification as a
     * known one and fails the same way. A breached or flagged password is 400 reset_password; a
     * hash made with other parameters (or imported) is replaced by a current one. `clientIp`
     * null counts the account's failures only (the server API: login-lockout `begin`).
     */
    async check(
      project: Project,
      input: Pick<PasswordLoginInput, 'email' | 'password'>,
      clientIp: string | null,
    ): Promise<UserWithFactors> {
      const email = normaliseEmailAddress(input.email);
      const password = normalisePassword(input.password);
      const stored = await verifyCredentials(deps, project, email, password, clientIp);
      if (stored.requires_reset || (await deps.breached.isBreached(password)))
        throw new ApiError('reset_password', {
          message:
            'This password must be changed before you can log in: it may have been exposed in a breach elsewhere. Reset it by email.',
        });
      if (hasher.needsRehash(stored.hash))
        await replacePasswordHash(db, stored.user_id, stored.hash, await hasher.hash(password), clock.now());
      return requireUser(db, project.id, stored.user_id);
    },

    /**
     * Signs in `user`, whose password was just checked: a session, or an intermediate session
     * when a second factor is due. The session, its audit record and its webhook event commit
     * together; a pending user is activated in that same transaction, and then read. `actor` is who `session.created` names (the user by default).
     */
    async signIn(
      project: Project,
      user: UserWithFactors,
      how: { durationMinutes: number | undefined; attributes: SessionAttributes; actor?: EventActor },
    ): Promise<PrimarySignIn & { user: UserWithFactors }> {
      const start = async (executor: DbExecutor, signedIn: UserWithFactors) => {
        const factor = passwordFactor(clock.now());
        const started = await deps.sessions.completePrimarySignIn(executor, {
          project,
          userId: signedIn.id,
          factor,
          durationMinutes: how.durationMinutes,
          attributes: how.actor ? { ...how.attributes, actor: how.actor } : how.attributes,
          secondFactors: secondFactorOptionsOfUser(signedIn, factor),
        });
        return { ...started, user: signedIn };
      };
      if (user.status !== 'pending') return inTransaction(db, (trx) => start(trx, user));
      return inTransaction(db, async (trx) => {
        await userDirectory.activate(trx, user.id, clock.now());
        return start(trx, await requireUser(trx, project.id, user.id));
      });
    },

    /** Checks email and password (`check`), then signs the user in (`signIn`). */
    async authenticate(
      project: Project,
      input: PasswordLoginInput,
      attributes: SessionAttributes,
    ): Promise<PrimarySignIn & { user: UserWithFactors }> {
      const user = await service.check(project, input, attributes.ip_address);
      return service.signIn(project, user, { durationMinutes: input.session_duration_minutes, attributes });
    },
  };
  return service;
}

/** The passwords service. */
export type PasswordsService = ReturnType<typeof createPasswordsService>;
