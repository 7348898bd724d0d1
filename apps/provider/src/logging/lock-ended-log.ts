/**
 * @module lock-ended-log — the operator's log line when an account's sign-in lock ends: the
 * password lock and the second-factor lock write the same fields under their own event name.
 */
import type { FastifyBaseLogger } from 'fastify';

/** What a lockout row tells about its end. */
export interface EndedLockout {
  id: string;
  project_id: string;
  user_id: string;
  unlock_reason: string | null;
  locked_at: Date;
}

/** Logs the end of a lock (after the transaction that ended it has committed); nothing when none ended. */
export function logLockEnded(
  log: Pick<FastifyBaseLogger, 'info'>,
  securityEvent: string,
  ended: EndedLockout | undefined,
  message: string,
): void {
  if (!ended) return;
  log.info(
    {
      security_event: securityEvent,
      project_id: ended.project_id,
      user_id: ended.user_id,
      lockout_id: ended.id,
      unlock_reason: ended.unlock_reason,
      locked_at: ended.locked_at.toISOString(),
    },
    message,
  );
}
