/**
 * @module passcode-lock — the lasting cap on consecutive wrong passcodes for one email address
 * or phone number (issue 16, NIST 800-63B §5.2.2): what counts, what starts the lock, what ends
 * it, and what the operator and the owner are told. The 5 tries per code and the send limits
 * bound guessing per code and per quarter hour; only this bounds it over time.
 */
import type { DbExecutor } from '../../db/database.js';
import type { AccountLockDeps } from '../../email/account-lock-deps.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { sentByProject } from '../projects/project-sender.js';
import { userDirectory } from '../users/user-directory.js';
import { PASSCODE_CAP } from './otp-policy.js';
import { type Destination, findMethod } from './otp-recipients.js';
import {
  clearPasscodeFailuresUnlessLocked,
  countPasscodeFailure,
  endPasscodeFailures,
  type PasscodeKey,
} from './passcode-failures.repository.js';
import type { PasscodeFailuresRow } from './passcode-failures.table.js';
import { renderPasscodeLockedEmail } from './passcode-locked-email.js';

/** The stable `security_event` values of the log lines (docs/provider-api.md "Passcode lock"). */
export const LOCKED_EVENT = 'passcode_sign_in_locked';
export const UNLOCKED_EVENT = 'passcode_sign_in_unlocked';

/** What proved control of the destination and so ended its lock. */
export type PasscodeUnlockReason = 'email_link_sign_in' | 'password_reset_by_email';

/** What the person at the code step reads; it depends on the channel only, never on whether an account exists. */
export const PASSCODE_LOCKED_MESSAGES = {
  email:
    'Too many wrong passcodes were tried for this email address. Sign in with a link sent to it, or reset your password by email, to use passcodes again.',
  phone:
    'Too many wrong passcodes were tried for this phone number. Sign in another way, or ask for help from the support of this site.',
} as const;

/** 429 too_many_requests without Retry-After: waiting does not help; the message says what does. */
export const passcodeLocked = (destination: Destination) =>
  new ApiError('too_many_requests', {
    message: PASSCODE_LOCKED_MESSAGES[destination.channel === 'email' ? 'email' : 'phone'],
  });

const keyOf = (project: Project, destination: Destination): PasscodeKey => ({
  project_id: project.id,
  destination: destination.value,
});

/** Creates the passcode lock. */
export function createPasscodeLock(deps: AccountLockDeps) {
  const { db, log } = deps;

  /** Logs the start and tells the destination's owner, if it has one, at each of their addresses. */
  async function announceStart(project: Project, destination: Destination, at: Date): Promise<void> {
    const owner = await findMethod(db, project, destination);
    const event = { security_event: LOCKED_EVENT, project_id: project.id, user_id: owner?.user_id ?? null };
    log.warn(
      { ...event, channel: destination.channel },
      `passcode sign-in locked after ${PASSCODE_CAP} consecutive wrong codes`,
    );
    if (!owner) return;
    const addresses = await userDirectory.addressesOf(db, project.id, owner.user_id);
    const notices = addresses.map((to) =>
      renderPasscodeLockedEmail({
        to,
        projectName: project.name,
        destination,
        failures: PASSCODE_CAP,
        lockedAt: at,
      }),
    );
    deps.notices.handOver(sentByProject(project, notices), (error) =>
      log.error({ ...event, err: error }, 'passcode lock notice not delivered'),
    );
  }

  return {
    /**
     * A wrong code (or a decoy's) for `destination`: counts it, and returns the refusal to give.
     * At the cap the answer is the lock, and the one attempt that reached it logs the start and
     * tells the owner. Undefined: answer as for any wrong code.
     */
    async fail(project: Project, destination: Destination): Promise<ApiError | undefined> {
      const now = deps.clock.now();
      const failures = await countPasscodeFailure(db, keyOf(project, destination), now, PASSCODE_CAP);
      if (failures !== undefined && failures < PASSCODE_CAP) return undefined;
      if (failures === PASSCODE_CAP) await announceStart(project, destination, now);
      return passcodeLocked(destination);
    },

    /** In the transaction of a right code: the run of failures ends, or, when locked, 429 and the code stays unused. */
    async succeed(trx: DbExecutor, project: Project, destination: Destination): Promise<void> {
      if (await clearPasscodeFailuresUnlessLocked(trx, keyOf(project, destination)))
        throw passcodeLocked(destination);
    },

    /**
     * Inside the transaction that proved control of an email address some other way (an email
     * link): ends its run and its lock. Returns the ended lock for `announceEnd` after the commit.
     */
    end(trx: DbExecutor, project: Project, email: string): Promise<PasscodeFailuresRow | undefined> {
      return endPasscodeFailures(trx, keyOf(project, { channel: 'email', value: email }));
    },

    /** Logs the end of a lock (after the transaction that ended it has committed). */
    announceEnd(ended: PasscodeFailuresRow | undefined, reason: PasscodeUnlockReason, userId: string): void {
      if (!ended?.locked_at) return;
      log.info(
        {
          security_event: UNLOCKED_EVENT,
          project_id: ended.project_id,
          user_id: userId,
          channel: 'email',
          unlock_reason: reason,
          locked_at: ended.locked_at.toISOString(),
        },
        'passcode sign-in unlocked',
      );
    },
  };
}

/** The passcode lock. */
export type PasscodeLock = ReturnType<typeof createPasscodeLock>;
