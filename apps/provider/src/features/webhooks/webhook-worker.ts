/** @module webhook-worker — delivers the webhook outbox: claim a due delivery, sign, POST, log the attempt, retry or give up. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../clock.js';
import { openSecret } from '../../crypto/key-encryption.js';
import type { Db } from '../../db/database.js';
import { createExpirySweep } from '../../db/expiry-sweep.js';
import { inTransaction } from '../../db/transaction.js';
import type { DeliveryLog } from '../../delivery/delivery-worker.js';
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
  random: Random;
  keyEncryptionSecret: string | undefined;
  log: DeliveryLog;
}

/** The webhook worker of one provider process. */
export interface WebhookWorker {
  start(): void;
  /** There may be new work: look once the current turn is over. */
  notify(): void;
  /** Delivers every due delivery, here or in another process, and waits until none is due or running (tests). */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const autoStart = deps.autoStart ?? true;
  const concurrency = deps.concurrency ?? 4;
  const claimMs = deps.claimMs ?? 60_000;
  // An attempt ends well inside its claim, so a live process never has its delivery taken over.
  const attemptTimeoutMs = Math.min(deps.attemptTimeoutMs ?? 15_000, Math.floor(claimMs / 2));
  const active = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claimFailing = false;

  const describe = (delivery: WebhookDeliveryRow) => ({
    delivery_id: delivery.id,
    event_id: delivery.event_id,
    endpoint_id: delivery.endpoint_id,
    attempt: delivery.attempts,
  });

  async function claimNext(): Promise<WebhookDeliveryRow | undefined> {
    try {
      const now = deps.clock.now();
      const claimed = await claimWebhookDelivery(deps.db, now, new Date(now.getTime() + claimMs));
      claimFailing = false;
      return claimed;
    } catch (error) {
      if (!claimFailing) deps.log.warn({ error: String(error) }, 'webhook outbox unreachable; will retry');
      claimFailing = true;
      return undefined;
    }
  }

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
      const outcome = await sendWebhook(
        { url: work.url, secret: secretOf(work), eventId: work.event_id, body: work.body, sentAt: startedAt },
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
      await inTransaction(deps.db, async (trx) => {
        // A lapsed claim (another process took over, or a replay) records nothing: the current holder will.
        if (!(await finishWebhookDelivery(trx, delivery, next))) return;
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
      });
      if (!delivered) {
        deps.log.warn(
          { ...describe(delivery), status_code: status, error: outcome.error, state: next.state },
          next.state === 'failed' ? 'gave up delivering a webhook' : 'webhook not delivered; will retry',
        );
      }
    } catch (error) {
      // The database failed while recording the outcome: the claim lapses and the delivery runs again.
      deps.log.error({ ...describe(delivery), error: String(error) }, 'could not record a webhook attempt');
    }
  }

  const sweepOld = createExpirySweep(
    (now) =>
      deleteOldWebhookEvents(deps.db, new Date(now.getTime() - EVENT_RETENTION_MS)).catch(() => undefined),
    60 * 60_000,
  );

  async function runSlot(): Promise<void> {
    while (!stopped) {
      const delivery = await claimNext();
      if (!delivery) return;
      spawn();
      await run(delivery);
    }
  }

  function spawn(): void {
    if (stopped || active.size >= concurrency) return;
    const slot = runSlot().finally(() => active.delete(slot));
    active.add(slot);
  }

  return {
    start() {
      if (!autoStart || stopped || timer) return;
      const tick = () => {
        void sweepOld(deps.clock.now());
        spawn();
      };
      timer = setInterval(tick, deps.pollIntervalMs ?? 5_000);
      timer.unref();
      tick();
    },

    notify() {
      if (autoStart && !stopped) setImmediate(spawn);
    },

    async drain(options = {}) {
      const deadline = performance.now() + (options.timeoutMs ?? 30_000);
      for (;;) {
        for (let d = await claimNext(); d && !stopped; d = await claimNext()) await run(d);
        await Promise.allSettled([...active]);
        if (!(await hasOpenDueWebhookDeliveries(deps.db, deps.clock.now()))) return;
        if (performance.now() > deadline) throw new Error('the webhook outbox did not drain in time');
        // Another process holds a claim: look again shortly.
        await sleep(10);
      }
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      const grace = new AbortController();
      await Promise.race([
        Promise.allSettled([...active]),
        sleep(deps.stopGraceMs ?? 5_000, undefined, { signal: grace.signal, ref: false }).catch(
          () => undefined,
        ),
      ]);
      grace.abort();
    },
  };
}
