/** @module login-lockout — progressive delays after failed password logins, per account and per client network (SECURITY A4, §2). */
import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { clientIpKey } from '../../rate-limit/client-ip-key.js';
import { formatWait } from '../../rate-limit/email-send-throttle.js';
import type { Project } from '../projects/project.js';

/** One counted identifier: failures from `delayFrom` on wait 30 s, doubling up to 15 min. */
interface LockoutRule {
  scope: string;
  key: string;
  delayFrom: number;
}

/** Failures before the first delay, per account (SECURITY §2). */
export const ACCOUNT_DELAY_FROM = 5;
/** Failures from one client network before it is delayed: higher, since offices share an address. */
export const IP_DELAY_FROM = 50;
/** Consecutive account failures after which the password factor is off until a reset. */
export const HARD_CAP = 100;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
/** A failure older than this no longer counts (Keycloak's maxDeltaTime, 12 h). */
const WINDOW_MS = 12 * 60 * 60 * 1000;

/** The delay after `failures` consecutive failures, in seconds (0 = none). */
export function delaySeconds(failures: number, delayFrom: number): number {
  if (failures < delayFrom) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - delayFrom, 10));
}

/** What a login may do now. */
export type LockoutState = 'open' | 'hard_locked';

/** Creates the lockout guard; counters live in the database, so every process sees them. */
export function createLoginLockout(deps: { db: Db; clock: Clock }) {
  const rules = (email: string, ip: string): LockoutRule[] => [
    {
      scope: 'password_login.account',
      key: email.trim().normalize('NFKC').toLowerCase(),
      delayFrom: ACCOUNT_DELAY_FROM,
    },
    { scope: 'password_login.ip', key: clientIpKey(ip), delayFrom: IP_DELAY_FROM },
  ];
  const where = (project: Project, rule: LockoutRule) => ({
    project_id: project.id,
    scope: rule.scope,
    key_hash: sha256Base64url(rule.key),
  });

  return {
    /**
     * Before any credential check: 429 too_many_requests with Retry-After inside a delay
     * window (not extending it); `hard_locked` past the cap. The same for every identifier,
     * whether or not it has an account (SECURITY A4 b).
     */
    async check(project: Project, email: string, ip: string): Promise<LockoutState> {
      const now = deps.clock.now();
      const since = new Date(now.getTime() - WINDOW_MS);
      let state: LockoutState = 'open';
      for (const rule of rules(email, ip)) {
        const key = where(project, rule);
        const row = await deps.db
          .selectFrom('login_failures')
          .selectAll()
          .where('project_id', '=', key.project_id)
          .where('scope', '=', key.scope)
          .where('key_hash', '=', key.key_hash)
          .where('last_failure_at', '>=', since)
          .executeTakeFirst();
        if (!row) continue;
        if (rule.delayFrom === ACCOUNT_DELAY_FROM && row.failures >= HARD_CAP) state = 'hard_locked';
        else if (row.locked_until && row.locked_until > now) {
          const seconds = Math.max(1, Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000));
          throw new ApiError('too_many_requests', {
            message: `Too many failed logins. Try again in ${formatWait(seconds)}, or reset your password by email.`,
            headers: { 'retry-after': String(seconds) },
          });
        }
      }
      return state;
    },

    /** Counts one failed login against the account and the client network. */
    async recordFailure(project: Project, email: string, ip: string): Promise<void> {
      const now = deps.clock.now();
      const since = new Date(now.getTime() - WINDOW_MS);
      for (const rule of rules(email, ip)) {
        const key = where(project, rule);
        const { failures } = await deps.db
          .insertInto('login_failures')
          .values({ ...key, failures: 1, locked_until: null, last_failure_at: now })
          .onConflict((oc) =>
            oc.columns(['project_id', 'scope', 'key_hash']).doUpdateSet({
              failures: sql<number>`case when login_failures.last_failure_at < ${since} then 1
                else login_failures.failures + 1 end`,
              last_failure_at: now,
            }),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        const delay = delaySeconds(failures, rule.delayFrom);
        if (delay > 0)
          await deps.db
            .updateTable('login_failures')
            .set({ locked_until: new Date(now.getTime() + delay * 1000) })
            .where('project_id', '=', key.project_id)
            .where('scope', '=', key.scope)
            .where('key_hash', '=', key.key_hash)
            .execute();
      }
    },

    /** A successful login (or reset) clears the account's counter (NIST rev4 §3.2.2). */
    async clear(project: Project, email: string): Promise<void> {
      const [account] = rules(email, '');
      if (!account) return;
      const key = where(project, account);
      await deps.db
        .deleteFrom('login_failures')
        .where('project_id', '=', key.project_id)
        .where('scope', '=', key.scope)
        .where('key_hash', '=', key.key_hash)
        .execute();
    },
  };
}

/** The lockout guard. */
export type LoginLockout = ReturnType<typeof createLoginLockout>;
