/**
 * @module claim-loop — how a worker of durable jobs runs in one process: claim a due job, run it,
 * up to `concurrency` at once; poll, wake on notice, drain (tests), stop with a bounded grace.
 * The delivery worker (emails, texts) and the webhook worker share it; each brings its own
 * claim, run and "is anything due" statements.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';

/** The tuning the workers share; the defaults are each worker's. */
export interface ClaimLoopSettings {
  /** `false`: nothing runs until `drain()` (tests). */
  autoStart: boolean;
  pollIntervalMs: number;
  concurrency: number;
  /** How long `stop()` waits for jobs in flight (a lapsed claim is taken over later). */
  stopGraceMs: number;
}

/** The tuning a worker was given, each default filled in; `pollIntervalMs` is the worker's own default. */
export function withClaimLoopDefaults(
  given: Partial<ClaimLoopSettings>,
  pollIntervalMs: number,
): ClaimLoopSettings {
  return {
    autoStart: given.autoStart ?? true,
    pollIntervalMs: given.pollIntervalMs ?? pollIntervalMs,
    concurrency: given.concurrency ?? 4,
    stopGraceMs: given.stopGraceMs ?? 5_000,
  };
}

/** What one worker does with its jobs. */
export interface ClaimLoopJobs<Job> extends ClaimLoopSettings {
  /**
   * Claims the next due job at `now` until `claimUntil` (when another process may take it over),
   * or undefined. A failure (the database unreachable) is logged once per outage and counts as none.
   */
  claim(now: Date, claimUntil: Date): Promise<Job | undefined>;
  /** Whose `now` a claim is made at. */
  clock: Clock;
  /** How long a claim lasts. */
  claimMs: number;
  /** Where that failure is logged, as "`name` unreachable; will retry". */
  log: { warn(fields: Record<string, unknown>, message: string): void };
  /** What a log line may say of an error. */
  describeError(error: unknown): Record<string, unknown>;
  /** One attempt at a claimed job; never throws. */
  run(job: Job): Promise<void>;
  /** Whether any job is running, or pending and due, in any process (what "drained" waits for). */
  hasOpenDue(): Promise<boolean>;
  /** Housekeeping at each poll (sweeps); optional. */
  onTick?(): void;
  /** Names the queue in the outage line and the drain timeout's message. */
  name: string;
}

/** The loop of one process. */
export interface ClaimLoop {
  /** Starts polling (with autoStart); call once the app is ready. */
  start(): void;
  /** There is new work: look for it once the current turn is over. */
  notify(): void;
  /** Runs every due job and waits until none is due or running, in this process or any other. */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops polling and waits (bounded) for jobs in flight; idempotent. */
  stop(): Promise<void>;
}

export function createClaimLoop<Job>(jobs: ClaimLoopJobs<Job>): ClaimLoop {
  const active = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claimFailing = false;

  async function claim(): Promise<Job | undefined> {
    try {
      const now = jobs.clock.now();
      const job = await jobs.claim(now, new Date(now.getTime() + jobs.claimMs));
      claimFailing = false;
      return job;
    } catch (error) {
      // Once per outage, not once per poll: the next poll tries again.
      if (!claimFailing) jobs.log.warn(jobs.describeError(error), `${jobs.name} unreachable; will retry`);
      claimFailing = true;
      return undefined;
    }
  }

  async function runSlot(): Promise<void> {
    while (!stopped) {
      const job = await claim();
      if (!job) return;
      // More may be due: let another slot look while this one runs.
      spawn();
      await jobs.run(job);
    }
  }

  function spawn(): void {
    if (stopped || active.size >= jobs.concurrency) return;
    const slot = runSlot().finally(() => active.delete(slot));
    active.add(slot);
  }

  function tick(): void {
    jobs.onTick?.();
    spawn();
  }

  return {
    start() {
      if (!jobs.autoStart || stopped || timer) return;
      timer = setInterval(tick, jobs.pollIntervalMs);
      timer.unref();
      tick();
    },

    notify() {
      // setImmediate: after the answer now being written has been handed to the socket.
      if (jobs.autoStart && !stopped) setImmediate(spawn);
    },

    async drain(options = {}) {
      const deadline = performance.now() + (options.timeoutMs ?? 30_000);
      for (;;) {
        for (let job = await claim(); job && !stopped; job = await claim()) await jobs.run(job);
        await Promise.allSettled([...active]);
        if (!(await jobs.hasOpenDue())) return;
        if (performance.now() > deadline) throw new Error(`the ${jobs.name} did not drain in time`);
        // Another process holds a claim, or a lapsed claim is not yet due: look again shortly.
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
        sleep(jobs.stopGraceMs, undefined, { signal: grace.signal, ref: false }).catch(() => undefined),
      ]);
      grace.abort();
    },
  };
}
