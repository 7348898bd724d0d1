/** @module login-lockout — progressive delays after failed password logins, per account and per client network (SECURITY A2, A4, §2). */
import type { Clock } from '../../clock.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { clientIpKey } from '../../rate-limit/client-ip-key.js';
import { formatWait } from '../../rate-limit/email-send-throttle.js';
import type { Project } from '../projects/project.js';
import {
  type DelayPolicy,
  deleteFailures,
  deleteFailuresAndRefund,
  deleteFailuresOf,
  type FailureKey,
  findFailures,
  type Reservation,
  type ReservedAttempt,
  refundAttempt,
  reserveAttempt,
  reserveAttempts,
} from './login-failures.repository.js';
import { FIRST_DELAY_SECONDS, HARD_CAP, MAX_DELAY_SECONDS, WINDOW_MS } from './password-policy.js';

/** Failures before the first delay, per account (SECURITY §2). */
export const ACCOUNT_DELAY_FROM = 5;
/** Failures from one client network before it is delayed: higher, since offices share an address. */
export const IP_DELAY_FROM = 50;

const delays = { firstDelaySeconds: FIRST_DELAY_SECONDS, maxDelaySeconds: MAX_DELAY_SECONDS };
const ACCOUNT: DelayPolicy = { ...delays, delayFrom: ACCOUNT_DELAY_FROM, hardCap: HARD_CAP };
const NETWORK: DelayPolicy = { ...delays, delayFrom: IP_DELAY_FROM };

/** The delay after `failures` consecutive failures, in seconds (0 = none). */
export function delaySeconds(failures: number, delayFrom: number): number {
  if (failures < delayFrom) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - delayFrom, 10));
}

/** What a login may do now. */
export type LockoutState = 'open' | 'hard_locked';

/**
 * One admitted login attempt, already counted as a failure. The caller reports how it ended:
 * `succeeded` (right password) or `abandoned` (an error before the outcome was known) give the
 * count back; a wrong password needs nothing more.
 */
export interface LoginAttempt {
  state: LockoutState;
  /**
   * This attempt is the HARD_CAP-th consecutive one on the address: if it fails, the account
   * behind the address gets its lasting lock. Exactly one attempt per run of failures sees
   * this (the counter's guarded upsert serialises them).
   */
  reachesCap: boolean;
  succeeded(): Promise<void>;
  abandoned(): Promise<void>;
}

const ACCOUNT_SCOPE = 'password_login.account';
const accountKeyOf = (email: string) => email.trim().normalize('NFKC').toLowerCase();

/** Erases the per-account counters of `emails` (a deleted user's addresses, issue 20). */
export async function forgetAccountFailures(
  db: DbExecutor,
  projectId: string,
  emails: string[],
): Promise<void> {
  const hashes = emails.map((email) => sha256Base64url(accountKeyOf(email)));
  await deleteFailuresOf(db, projectId, ACCOUNT_SCOPE, hashes);
}

/** Creates the lockout guard; counters live in the database, so every process sees them. */
export function createLoginLockout(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const keyOf = (project: Project, scope: string, key: string): FailureKey => ({
    project_id: project.id,
    scope,
    key_hash: sha256Base64url(key),
  });
  const accountKey = (project: Project, email: string) => keyOf(project, ACCOUNT_SCOPE, accountKeyOf(email));

  const windowStart = (now: Date) => new Date(now.getTime() - WINDOW_MS);
  /** The reservation of `key`: the lock a first failure would start under `policy`. */
  const reservationOf = (key: FailureKey, policy: DelayPolicy, now: Date): Reservation => {
    const first = delaySeconds(1, policy.delayFrom);
    return { key, policy, firstLock: first > 0 ? new Date(now.getTime() + first * 1000) : null };
  };

  /** Reserves an attempt on one counter: the reservation, `capped`, or 429 inside a delay. */
  async function reserve(key: FailureKey, policy: DelayPolicy): Promise<ReservedAttempt | 'capped'> {
    // A counter deleted or reset between the two statements is simply tried again.
    for (let tries = 0; tries < 3; tries += 1) {
      const now = deps.clock.now();
      const since = windowStart(now);
      const { firstLock } = reservationOf(key, policy, now);
      const reserved = await reserveAttempt(db, key, now, since, policy, firstLock);
      if (reserved) return reserved;
      const row = await findFailures(db, key);
      if (!row || row.last_failure_at < since) continue;
      if (policy.hardCap !== undefined && row.failures >= policy.hardCap) return 'capped';
      if (row.locked_until && row.locked_until > now) throw tooMany(row.locked_until, now);
    }
    throw tooMany(new Date(deps.clock.now().getTime() + 1000), deps.clock.now());
  }

  /** `begin` on the account's counter alone. */
  async function beginOnAccount(account: FailureKey): Promise<LoginAttempt> {
    const onAccount = await reserve(account, ACCOUNT);
    return {
      state: onAccount === 'capped' ? 'hard_locked' : 'open',
      reachesCap: onAccount !== 'capped' && onAccount.failures === HARD_CAP,
      succeeded: () => deleteFailures(db, account),
      async abandoned() {
        if (onAccount !== 'capped') await refundAttempt(db, account, ACCOUNT, onAccount.locked_until);
      },
    };
  }

  return {
    /**
     * Before any credential check: admits and counts the attempt against the account and the
     * client network, both guarded upserts in one statement, so of parallel guesses exactly as
     * many are evaluated as the limits allow. A counter that refused goes through `reserve`
     * (which tells a delay from the cap); if that ends in 429, what the other counter took is
     * given back. Inside a delay window: 429 too_many_requests with Retry-After (not extending
     * it), nothing counted. Past the hard cap the state is `hard_locked`. The same for every
     * identifier, with or without an account (SECURITY A4 b). `ip` null (the server API, whose
     * caller is the integrator's server, one address for all its users) counts the account only.
     */
    async begin(project: Project, email: string, ip: string | null): Promise<LoginAttempt> {
      const account = accountKey(project, email);
      if (ip === null) return beginOnAccount(account);
      const network = keyOf(project, 'password_login.ip', clientIpKey(ip));
      const now = deps.clock.now();
      const [onAccountFirst, onNetworkFirst] = await reserveAttempts(
        db,
        reservationOf(account, ACCOUNT, now),
        reservationOf(network, NETWORK, now),
        now,
        windowStart(now),
      );
      let onAccount: ReservedAttempt | 'capped';
      try {
        onAccount = onAccountFirst ?? (await reserve(account, ACCOUNT));
      } catch (error) {
        if (onNetworkFirst) await refundAttempt(db, network, NETWORK, onNetworkFirst.locked_until);
        throw error;
      }
      let onNetwork: ReservedAttempt | 'capped';
      try {
        onNetwork = onNetworkFirst ?? (await reserve(network, NETWORK));
      } catch (error) {
        if (onAccount !== 'capped') await refundAttempt(db, account, ACCOUNT, onAccount.locked_until);
        throw error;
      }
      const networkRefund = onNetwork === 'capped' ? undefined : onNetwork.locked_until;
      return {
        state: onAccount === 'capped' ? 'hard_locked' : 'open',
        reachesCap: onAccount !== 'capped' && onAccount.failures === HARD_CAP,
        async succeeded() {
          if (networkRefund === undefined) await deleteFailures(db, account);
          else
            await deleteFailuresAndRefund(db, account, {
              key: network,
              policy: NETWORK,
              ownLock: networkRefund,
            });
        },
        async abandoned() {
          if (onAccount !== 'capped') await refundAttempt(db, account, ACCOUNT, onAccount.locked_until);
          if (networkRefund !== undefined) await refundAttempt(db, network, NETWORK, networkRefund);
        },
      };
    },

    /**
     * Clears the counters of addresses whose password was just set: guesses at an earlier
     * password (or at none) say nothing about the new one (NIST rev4 §3.2.2, SECURITY A4 c).
     */
    async clear(project: Project, emails: readonly string[]): Promise<void> {
      for (const email of emails) await deleteFailures(db, accountKey(project, email));
    },
  };
}

function tooMany(lockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new ApiError('too_many_requests', {
    message: `Too many failed logins. Try again in ${formatWait(seconds)}, or reset your password by email.`,
    headers: { 'retry-after': String(seconds) },
  });
}

/** The lockout guard. */
export type LoginLockout = ReturnType<typeof createLoginLockout>;
