/**
 * @module retention-runner — runs the clean-up every few minutes: each rule's dead rows in
 * batches, yielding to the event loop between them, and stops at once when another process
 * holds the lock (that one is cleaning).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { deleteDeadBatch } from './retention.repository.js';
import { RETENTION_BATCH_SIZE, type RetentionSettings, retentionRules } from './retention-policy.js';

/** One run's outcome: rows deleted per table, and whether another process had the lock. */
export interface RetentionReport {
  deleted: Record<string, number>;
  /** True when another process was running the clean-up, so this one stopped (maybe midway). */
  yielded: boolean;
}

export interface RetentionRunner {
  /** Runs the clean-up now (the schedule's runs and this one never overlap in one process). */
  runOnce(): Promise<RetentionReport>;
  start(): void;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface RetentionRunnerDeps {
  db: Db;
  clock: Clock;
  settings: RetentionSettings;
  log: { warn(fields: object, message: string): void; info(fields: object, message: string): void };
  batchSize?: number;
}

export function createRetentionRunner(deps: RetentionRunnerDeps): RetentionRunner {
  const batchSize = deps.batchSize ?? RETENTION_BATCH_SIZE;
  let running: Promise<RetentionReport> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function run(): Promise<RetentionReport> {
    const deleted: Record<string, number> = {};
    for (const rule of retentionRules(deps.settings, deps.clock.now())) {
      for (;;) {
        const count = await deleteDeadBatch(deps.db, rule, batchSize);
        if (count === undefined) return { deleted, yielded: true };
        if (count > 0) deleted[rule.table] = (deleted[rule.table] ?? 0) + count;
        if (count < batchSize) break;
        // Between batches, sign-ins waiting on this process's event loop go first.
        await yieldToEventLoop();
      }
    }
    return { deleted, yielded: false };
  }

  const runOnce = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduled = () =>
    runOnce().then(
      (report) => {
        if (Object.keys(report.deleted).length > 0)
          deps.log.info({ deleted: report.deleted }, 'retention clean-up');
      },
      (error: unknown) =>
        deps.log.warn(
          { error: error instanceof Error ? error.message : typeof error },
          'retention clean-up failed; will retry',
        ),
    );

  return {
    runOnce,
    start() {
      if (timer || deps.settings.intervalMinutes === 0) return;
      timer = setInterval(scheduled, deps.settings.intervalMinutes * 60_000);
      timer.unref();
      // Soon after start too, so a provider restarted often still cleans.
      setTimeout(scheduled, 5_000).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
