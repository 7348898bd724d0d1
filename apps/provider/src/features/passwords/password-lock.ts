/**
 * @module password-lock — the lasting lock on an account's password sign-in once the failed-login
 * cap is reached: who starts it, who ends it, and what the operator and the owner are told
 * (SECURITY A4, issue 16).
 */
import type { DbExecutor } from '../../db/database.js';
import { endOpenLock, openLockIfNoneOpen } from '../../db/lockout-rows.js';
import { inTransaction } from '../../db/transaction.js';
import { announceLoginLocked } from '../../domain-events/login-locked.js';
import type { UserAccountLockDeps } from '../../email/account-lock-deps.js';
import { newId } from '../../ids.js';
import { logLockEnded } from '../../logging/lock-ended-log.js';
import type { Project } from '../projects/project.js';
import { sentByProject } from '../projects/project-sender.js';
import { userDirectory } from '../users/user-directory.js';
import { renderPasswordLockedEmail } from './password-locked-email.js';
import { HARD_CAP } from './password-policy.js';
import type { PasswordLockoutRow, UnlockReason } from './passwords.table.js';

/** The stable `security_event` values of the log lines (docs/provider-api.md "Password lock"). */
export const LOCKED_EVENT = 'password_login_locked';
export const UNLOCKED_EVENT = 'password_login_unlocked';

/** Creates the password lock. */
export function createPasswordLock(deps: UserAccountLockDeps) {
  const { db, log } = deps;

  /** Hands the notice for each address over (a failed delivery is logged, never answered). */
  function tellOwner(project: Project, lock: PasswordLockoutRow, addresses: string[]): void {
    const event = { security_event: LOCKED_EVENT, project_id: project.id, user_id: lock.user_id };
    const notices = addresses.map((to) =>
      renderPasswordLockedEmail({
        to,
        projectName: project.name,
        failures: HARD_CAP,
        lockedAt: lock.locked_at,
      }),
    );
    deps.notices.handOver(sentByProject(project, notices), (error) =>
      log.error({ ...event, err: error }, 'password lock notice not delivered'),
    );
  }

  return {
    /**
     * Locks the user's password sign-in after the HARD_CAP-th consecutive failure on one of the
     * user's addresses. One guarded INSERT decides, across processes, which request started the
     * lock: only that one logs it and tells the owner (every stored address, once). On an
     * account already locked nothing changes.
     */
    async lock(project: Project, userId: string): Promise<void> {
      // Read first: once the row is in, nothing may fail before the notice is handed over.
      const addresses = await userDirectory.addressesOf(db, project.id, userId);
      const started = await inTransaction(db, async (trx) => {
        const row = await openLockIfNoneOpen(trx, 'password_lockouts', {
          id: newId('passwordLockout', project.environment, deps.random),
          project_id: project.id,
          user_id: userId,
          locked_at: deps.clock.now(),
        });
        if (row)
          await announceLoginLocked(trx, deps.events, {
            projectId: project.id,
            userId,
            lockoutId: row.id,
            lock: 'password',
            lockedAt: row.locked_at,
          });
        return row;
      });
      if (!started) return;
      log.warn(
        { security_event: LOCKED_EVENT, project_id: project.id, user_id: userId, lockout_id: started.id },
        `password sign-in locked after ${HARD_CAP} consecutive failed logins`,
      );
      tellOwner(project, started, addresses);
    },

    /**
     * Ends the user's open lock inside the caller's transaction (the one that stores the new
     * password). Returns the ended lock for `announceEnd` after the commit; undefined when none was open.
     */
    end(
      trx: DbExecutor,
      userId: string,
      reason: UnlockReason,
      at: Date,
    ): Promise<PasswordLockoutRow | undefined> {
      return endOpenLock(trx, 'password_lockouts', userId, reason, at);
    },

    /** Logs the end of a lock (after the transaction that ended it has committed). */
    announceEnd(ended: PasswordLockoutRow | undefined): void {
      logLockEnded(log, UNLOCKED_EVENT, ended, 'password sign-in unlocked');
    },
  };
}

/** The password lock. */
export type PasswordLock = ReturnType<typeof createPasswordLock>;
