/** @module delivery-worker — delivers queued messages after the answer: claim, issue, send, retry, give up, sweep. */
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createExpirySweep } from '../db/expiry-sweep.js';
import type { Mailer } from '../email/mailer.js';
import { toProject } from '../features/projects/project.js';
import { findProjectById } from '../features/projects/projects.repository.js';
import type { Messenger } from '../messaging/messenger.js';
import { type ClaimLoop, createClaimLoop, withClaimLoopDefaults } from './claim-loop.js';
import type { DeliveryHandler, PreparedDelivery } from './delivery-handler.js';
import {
  claimDeliveryJob,
  completeDeliveryJob,
  deleteFinishedDeliveryJobs,
  failDeliveryJob,
  hasOpenDueDeliveryJobs,
  retryDeliveryJob,
} from './delivery-jobs.repository.js';
import type { DeliveryJobRow } from './delivery-jobs.table.js';
import { stampSender } from './queued-sender.js';
import { DELIVERY_MAX_AGE_MS, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './retry-schedule.js';

/** How long a claim lasts: longer than one attempt can take (the transports time out well before). */
export const DELIVERY_CLAIM_MS = 2 * 60_000;
/** Finished jobs are kept this long for the operator, then deleted. */
const FINISHED_RETENTION_MS = 24 * 60 * 60_000;
/** The sweep runs at most this often. */
const SWEEP_EVERY_MS = 60_000;

/** The log lines the worker writes; they name the job, never its message. */
export interface DeliveryLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Tuning; the defaults suit production. */
export interface DeliveryWorkerSettings {
  /**
   * `false`: nothing runs until `drain()` is called (tests, which drain where they read what was
   * sent, and tests standing for a process stopped before it sent). Default `true`.
   */
  autoStart?: boolean;
  /** How often to look for jobs this process was not told about (other processes, retries, a restart); default 2 s. */
  pollIntervalMs?: number;
  /** Jobs delivered at once by this process; default 4. */
  concurrency?: number;
  /** How long `stop()` waits for deliveries in flight; default 5 s (a lapsed claim is taken over later). */
  stopGraceMs?: number;
}

/** What the worker needs. */
export interface DeliveryWorkerDeps extends DeliveryWorkerSettings {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  messenger: Messenger;
  handlers: Readonly<Record<string, DeliveryHandler>>;
  log: DeliveryLog;
  /** Told of each message handed over, and of each given up (the activity figures count them). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

/** A message's fate: handed to the transport, or given up. */
export interface DeliveryOutcome {
  projectId: string;
  channel: 'email' | 'sms';
  sent: boolean;
}

/** Texts go to E.164 numbers (`+…`), emails to addresses. */
const channelOf = (job: DeliveryJobRow): DeliveryOutcome['channel'] =>
  job.recipient.startsWith('+') ? 'sms' : 'email';

/** The worker of one provider process: start, notify, drain (tests read what was sent after it), stop. */
export type DeliveryWorker = ClaimLoop;

/** What a log line may say about a failure: the error's kind, its own message and code, never its cause's text. */
export function failureOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const cause = error.cause as { code?: unknown } | undefined;
  const code = (error as { code?: unknown }).code ?? cause?.code;
  return {
    error: error.name,
    error_message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { error_code: code } : {}),
  };
}

/** Creates the worker; nothing runs until `start()` (or `drain()`). */
export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const describe = (job: DeliveryJobRow) => ({
    job_id: job.id,
    kind: job.kind,
    project_id: job.project_id,
    attempts: job.attempts,
  });

  async function send(job: DeliveryJobRow, prepared: PreparedDelivery): Promise<void> {
    if (!prepared.message) return;
    const message = stampSender(prepared.message, job.sender);
    if ('email' in message) await deps.mailer.send(message.email);
    else await deps.messenger.send(message.text);
  }

  async function giveUp(job: DeliveryJobRow, reason: string, error?: unknown): Promise<void> {
    await failDeliveryJob(deps.db, job, deps.clock.now());
    deps.onOutcome?.({ projectId: job.project_id, channel: channelOf(job), sent: false });
    deps.log.error(
      { ...describe(job), to: job.recipient, reason, ...(error === undefined ? {} : failureOf(error)) },
      'gave up delivering a message',
    );
  }

  /** One attempt at one claimed job; never throws. */
  async function run(job: DeliveryJobRow): Promise<void> {
    try {
      const now = deps.clock.now();
      if (job.attempts > MAX_DELIVERY_ATTEMPTS) return await giveUp(job, 'too many attempts');
      if (now.getTime() - job.created_at.getTime() > DELIVERY_MAX_AGE_MS)
        return await giveUp(job, 'not delivered in time');
      const handler = deps.handlers[job.kind];
      if (!handler) return await giveUp(job, 'no handler for this kind of job');
      const projectRow = await findProjectById(deps.db, job.project_id);
      let prepared: PreparedDelivery | undefined;
      try {
        prepared = projectRow ? await handler.prepare(job, toProject(projectRow)) : {};
        await send(job, prepared);
      } catch (error) {
        await prepared
          ?.withdraw?.()
          .catch((withdrawError: unknown) =>
            deps.log.error(
              { ...describe(job), ...failureOf(withdrawError) },
              'could not withdraw an unsent message',
            ),
          );
        const delay = retryDelayMs(job.attempts);
        if (delay === undefined) return await giveUp(job, 'the transport kept refusing', error);
        await retryDeliveryJob(deps.db, job, new Date(deps.clock.now().getTime() + delay));
        deps.log.warn(
          { ...describe(job), retry_in_ms: delay, ...failureOf(error) },
          'message not delivered; will retry',
        );
        return;
      }
      await completeDeliveryJob(deps.db, job, deps.clock.now());
      if (prepared.message)
        deps.onOutcome?.({ projectId: job.project_id, channel: channelOf(job), sent: true });
    } catch (error) {
      // The database failed while recording the outcome: the claim lapses and the job runs again.
      deps.log.error({ ...describe(job), ...failureOf(error) }, 'could not record a delivery');
    }
  }

  const sweepFinished = createExpirySweep(
    (now) =>
      deleteFinishedDeliveryJobs(deps.db, new Date(now.getTime() - FINISHED_RETENTION_MS)).catch(
        () => undefined,
      ),
    SWEEP_EVERY_MS,
  );
  const sweep = () => sweepFinished(deps.clock.now());

  return createClaimLoop({
    name: 'delivery queue',
    ...withClaimLoopDefaults(deps, 2_000),
    clock: deps.clock,
    claimMs: DELIVERY_CLAIM_MS,
    claim: (now, claimUntil) => claimDeliveryJob(deps.db, now, claimUntil),
    log: deps.log,
    describeError: failureOf,
    run,
    onTick: () => void sweep(),
    hasOpenDue: async () => {
      await sweep();
      return hasOpenDueDeliveryJobs(deps.db, deps.clock.now());
    },
  });
}
