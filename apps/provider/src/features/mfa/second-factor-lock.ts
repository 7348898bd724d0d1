/**
 * @module second-factor-lock — the lasting cap on consecutive failed second factors of a user
 * (issue 16, NIST 800-63B §5.2.2): what counts, what starts the lock, what ends it, and what the
 * operator and the owner are told. The per-IST limit and the per-user rate limit bound guessing
 * per sign-in and per minute; only this bounds it over time, since the first factor can mint new
 * intermediate sessions at will.
 */
import type { DbExecutor } from '../../db/database.js';
import { endOpenLock, openLockIfNoneOpen } from '../../db/lockout-rows.js';
import { announceLoginLocked } from '../../domain-events/login-locked.js';
import type { UserAccountLockDeps } from '../../email/account-lock-deps.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import { logLockEnded } from '../../logging/lock-ended-log.js';
import type { Project } from '../projects/project.js';
import { sentByProject } from '../projects/project-sender.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { userDirectory } from '../users/user-directory.js';
import { SECOND_FACTOR_CAP } from './mfa-policy.js';
import { type FirstStep, renderSecondFactorLockedEmail } from './second-factor-locked-email.js';
import {
  clearSecondFactorFailures,
  countSecondFactorFailure,
  secondFactorFailuresOf,
} from './second-factor-lockouts.repository.js';
import type {
  SecondFactorLockoutRow,
  SecondFactorProofUnlockReason,
} from './second-factor-lockouts.table.js';

/** The stable `security_event` values of the log lines (docs/provider-api.md "Second-factor lock"). */
export const LOCKED_EVENT = 'second_factor_locked';
export const UNLOCKED_EVENT = 'second_factor_unlocked';

/** What the person at the code step reads (the widget shows it as is). */
export const SECOND_FACTOR_LOCKED_MESSAGE =
  'Too many wrong codes were tried for this account. Reset your password by email, then sign in again.';

/**
 * 429 too_many_requests without Retry-After: waiting does not help, like the per-IST end; the
 * message says what does.
 */
export const secondFactorLocked = (cause?: unknown) =>
  new ApiError('too_many_requests', { message: SECOND_FACTOR_LOCKED_MESSAGE, cause });

/** A lock just started inside a transaction, with what the notice needs once it has committed. */
export interface StartedSecondFactorLock {
  project: Project;
  row: SecondFactorLockoutRow;
  addresses: string[];
  firstStep: FirstStep;
}

/** The first step the attempt's IST or session was made with: the notice says "password" only when it was one. */
export function firstStepOf(factor: AuthenticationFactor | undefined): FirstStep {
  return factor?.type === 'password' ? 'password' : 'other';
}

/** Creates the second-factor lock. */
export function createSecondFactorLock(deps: UserAccountLockDeps) {
  const { db, log } = deps;

  return {
    /** Before any code is looked at (outside a transaction): 429 while the user is at the cap. */
    async assertOpen(userId: string): Promise<void> {
      if ((await secondFactorFailuresOf(db, userId)) >= SECOND_FACTOR_CAP) throw secondFactorLocked();
    },

    /**
     * In the attempt's transaction, before the proof: counts the attempt as failed and returns
     * the count; at the cap, 429 and nothing counted (the decision of concurrent attempts).
     */
    async count(trx: DbExecutor, project: Project, userId: string, now: Date): Promise<number> {
      const key = { user_id: userId, project_id: project.id };
      const failures = await countSecondFactorFailure(trx, key, now, SECOND_FACTOR_CAP);
      if (failures === undefined) throw secondFactorLocked();
      return failures;
    },

    /** In the transaction of a proven factor: the run of failures ends. */
    clear(trx: DbExecutor, userId: string): Promise<void> {
      return clearSecondFactorFailures(trx, userId);
    },

    /**
     * In the transaction of a failed proof whose count was `failures`: at the cap, opens the lock
     * row (one guarded INSERT, so exactly one attempt per lock gets it) and reads the addresses
     * for the notice, so nothing can fail between the commit and handing it over.
     */
    async startAtCap(
      trx: DbExecutor,
      project: Project,
      userId: string,
      failures: number,
      firstStep: FirstStep,
    ): Promise<StartedSecondFactorLock | undefined> {
      if (failures < SECOND_FACTOR_CAP) return undefined;
      const row = await openLockIfNoneOpen(trx, 'second_factor_lockouts', {
        id: newId('secondFactorLockout', project.environment, deps.random),
        project_id: project.id,
        user_id: userId,
        locked_at: deps.clock.now(),
      });
      if (!row) return undefined;
      await announceLoginLocked(trx, deps.events, {
        projectId: project.id,
        userId,
        lockoutId: row.id,
        lock: 'second_factor',
        lockedAt: row.locked_at,
      });
      return { project, row, addresses: await userDirectory.addressesOf(trx, project.id, userId), firstStep };
    },

    /**
     * After the commit: logs the start and hands the notice for each address to the mailer
     * without waiting, so the answer leaves as fast as any refusal; a failed delivery is logged.
     */
    announceStart(started: StartedSecondFactorLock | undefined): void {
      if (!started) return;
      const { project, row } = started;
      const event = { security_event: LOCKED_EVENT, project_id: project.id, user_id: row.user_id };
      log.warn(
        { ...event, lockout_id: row.id },
        `second-factor sign-in locked after ${SECOND_FACTOR_CAP} consecutive failed codes`,
      );
      const notices = started.addresses.map((to) =>
        renderSecondFactorLockedEmail({
          to,
          projectName: project.name,
          failures: SECOND_FACTOR_CAP,
          lockedAt: row.locked_at,
          firstStep: started.firstStep,
        }),
      );
      deps.notices.handOver(sentByProject(project, notices), (error) =>
        log.error({ ...event, err: error }, 'second-factor lock notice not delivered'),
      );
    },

    /**
     * Ends the user's lock, and forgets their failures, inside the caller's transaction (the one
     * that stores a new password set by someone who proved an address). Returns the ended row for
     * `announceEnd` after the commit; undefined when none was open.
     */
    async end(
      trx: DbExecutor,
      userId: string,
      reason: SecondFactorProofUnlockReason,
      at: Date,
    ): Promise<SecondFactorLockoutRow | undefined> {
      await clearSecondFactorFailures(trx, userId);
      return endOpenLock(trx, 'second_factor_lockouts', userId, reason, at);
    },

    /** Logs the end of a lock (after the transaction that ended it has committed). */
    announceEnd(ended: SecondFactorLockoutRow | undefined): void {
      logLockEnded(log, UNLOCKED_EVENT, ended, 'second-factor sign-in unlocked');
    },
  };
}

/** The second-factor lock. */
export type SecondFactorLock = ReturnType<typeof createSecondFactorLock>;
