/** @module concurrency-limit — a counting semaphore whose waiters give up after a deadline (SECURITY K2). */
import { ApiError } from '../errors/api-error.js';

/** Runs tasks with at most `max` in flight; the rest queue for at most `queueTimeoutMs`. */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests and metrics). */
  readonly active: number;
  /** Tasks waiting now. */
  readonly waiting: number;
}

/**
 * Creates a limit. A task that waited `queueTimeoutMs` without a slot is refused with 503
 * `service_unavailable`: a login storm then costs bounded memory (argon2id takes 19 MiB per
 * hash) instead of an out-of-memory crash.
 */
export function createConcurrencyLimit(max: number, queueTimeoutMs: number): ConcurrencyLimit {
  let active = 0;
  const queue: Array<() => void> = [];

  function acquire(): Promise<void> {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        active += 1;
        resolve();
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(grant);
        if (at >= 0) queue.splice(at, 1);
        reject(
          new ApiError('service_unavailable', {
            message: 'The provider is busy checking other passwords. Try again in a moment.',
            headers: { 'retry-after': '1' },
          }),
        );
      }, queueTimeoutMs);
      queue.push(grant);
    });
  }

  function release(): void {
    active -= 1;
    queue.shift()?.();
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
