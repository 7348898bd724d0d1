/** @module webhook-worker — delivers the webhook outbox: claim a due delivery, sign, POST, log the attempt, retry or give up. */
import { type Clock, systemClock } from '../../clock.js';
import { openSecret } from '../../crypto/key-encryption.js';
import type { Db } from '../../db/database.js';
import { createExpirySweep } from '../../db/expiry-sweep.js';
import { inTransaction } from '../../db/transaction.js';
import { type ClaimLoop, createClaimLoop, withClaimLoopDefaults } from '../../delivery/claim-loop.js';
import { type DeliveryLog, failureOf } from '../../delivery/delivery-worker.js';
import type { Random } from '../../random.js';
import { unitInterval, webhookRetriesExhausted, webhookRetryDelayMs } from './webhook-retry-schedule.js';
import { sendWebhook } from './webhook-sender.js';
import {
  claimWebhookDelivery,
  type DeliveryWork,
  deleteOldWebhookEvents,
  disableWebhookEndpoint,
  findDeliveryWork,
  finishWebhookDelivery,
  hasOpenDueWebhookDeliveries,
  insertWebhookAttempt,
} from './webhooks.repository.js';
import type { WebhookDeliveryRow } from './webhooks.table.js';

/** Events (with their deliveries and log) are kept this long, then deleted. */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Tuning; the defaults suit production. */
export interface WebhookWorkerSettings {
  /** `false`: nothing runs until `drain()` (tests). Default `true`. */
  autoStart?: boolean;
  /** How often to look for due deliveries nobody announced (retries, other processes, a restart); default 5 s. */
  pollIntervalMs?: number;
  /** Deliveries in flight at once in this process; default 4. */
  concurrency?: number;
  /** How long one attempt may take, connection to last byte read; default 15 s, at most half the claim. */
  attemptTimeoutMs?: number;
  /** How long a claim lasts before another process may take the delivery over (LATCHKEY_WEBHOOK_CLAIM_SECONDS); default 60 s. */
  claimMs?: number;
  /** How long `stop()` waits for attempts in flight; default 5 s. */
  stopGraceMs?: number;
}

/** What the worker needs. */
export interface WebhookWorkerDeps extends WebhookWorkerSettings {
  db: Db;
  clock: Clock;
  /**
   * Stamps `webhook-timestamp`, which receivers hold against their own clock (a 5-minute window):
   * the real time, even when `clock` is a development or test clock moved forward. Scheduling,
   * retry windows and the delivery log follow `clock`. The system clock by default.
   */
  wallClock?: Clock;
  random: Random;
  keyEncryptionSecret: string | undefined;
  log: DeliveryLog;
  /** Told of each recorded attempt's outcome (the Prometheus counter). */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}

/** The webhook worker of one provider process: start, notify, drain (tests), stop. */
export type WebhookWorker = ClaimLoop;

export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const claimMs = deps.claimMs ?? 60_000;
  // An attempt ends well inside its claim, so a live process never has its delivery taken over.
  const attemptTimeoutMs = Math.min(deps.attemptTimeoutMs ?? 15_000, Math.floor(claimMs / 2));

  const describe = (delivery: WebhookDeliveryRow) => ({
    delivery_id: delivery.id,
    event_id: delivery.event_id,
    endpoint_id: delivery.endpoint_id,
    attempt: delivery.attempts,
  });

  function secretOf(work: DeliveryWork): string {
    if (work.secret_encryption === 'none') return work.secret;
    if (!deps.keyEncryptionSecret)
      throw new Error('webhook secrets are sealed but LATCHKEY_KEY_ENCRYPTION_SECRET is not set');
    return openSecret(work.secret, deps.keyEncryptionSecret);
  }

  /** One attempt at one claimed delivery; never throws. */
  async function run(delivery: WebhookDeliveryRow): Promise<void> {
    try {
      const work = await findDeliveryWork(deps.db, delivery);
      if (!work) return;
      const startedAt = deps.clock.now();
      const sentAt = (deps.wallClock ?? systemClock).now();
      const outcome = await sendWebhook(
        { url: work.url, secret: secretOf(work), eventId: work.event_id, body: work.body, sentAt },
        attemptTimeoutMs,
      );
      const now = deps.clock.now();
      const status = outcome.statusCode;
      const delivered = status !== null && status >= 200 && status < 300;
      // 410 Gone: the receiver says the endpoint is no more; stop sending to it (an operator may enable it again).
      const gone = status === 410;
      const exhausted = webhookRetriesExhausted(delivery.window_started_at, now);
      const next = delivered
        ? ({ state: 'delivered', finished_at: now } as const)
        : gone || exhausted
          ? ({ state: 'failed', finished_at: now } as const)
          : ({
              state: 'pending',
              finished_at: null,
              run_at: new Date(
                now.getTime() + webhookRetryDelayMs(delivery.attempts, unitInterval(deps.random.bytes(4))),
              ),
            } as const);
      const recorded = await inTransaction(deps.db, async (trx) => {
        // A lapsed claim (another process took over, or a replay) records nothing: the current holder will.
        if (!(await finishWebhookDelivery(trx, delivery, next))) return false;
        await insertWebhookAttempt(trx, {
          delivery_id: delivery.id,
          attempt: delivery.attempts,
          started_at: startedAt,
          latency_ms: outcome.latencyMs,
          status_code: status,
          response_excerpt: outcome.responseExcerpt,
          error: outcome.error,
        });
        if (gone) await disableWebhookEndpoint(trx, delivery.endpoint_id, 'gone', now);
        return true;
      });
      if (recorded) deps.onAttempt?.(next.state === 'pending' ? 'retrying' : next.state);
      if (!delivered) {
        deps.log.warn(
          { ...describe(delivery), status_code: status, error: outcome.error, state: next.state },
          next.state === 'failed' ? 'gave up delivering a webhook' : 'webhook not delivered; will retry',
        );
      }
    } catch (error) {
      // The database failed while recording the outcome: the claim lapses and the delivery runs again.
      deps.log.error({ ...describe(delivery), ...failureOf(error) }, 'could not record a webhook attempt');
    }
  }

  const sweepOld = createExpirySweep(
    (now) =>
      deleteOldWebhookEvents(deps.db, new Date(now.getTime() - EVENT_RETENTION_MS)).catch(() => undefined),
    60 * 60_000,
  );

  return createClaimLoop({
    name: 'webhook outbox',
    ...withClaimLoopDefaults(deps, 5_000),
    clock: deps.clock,
    claimMs,
    claim: (now, claimUntil) => claimWebhookDelivery(deps.db, now, claimUntil),
    log: deps.log,
    describeError: failureOf,
    run,
    onTick: () => void sweepOld(deps.clock.now()),
    hasOpenDue: () => hasOpenDueWebhookDeliveries(deps.db, deps.clock.now()),
  });
}
