/** @module session/refresh-scheduler — the background session refresh: every 3 min, backoff on failure. */

import { isUnrecoverableSessionError } from '../errors.js';
import { backoffDelay } from '../internal/backoff.js';
import type { Clock, RandomValues } from '../options.js';

/** Refresh cadence while a session exists (spec §9). */
export const SESSION_REFRESH_INTERVAL_MS = 180_000;

/** Dependencies of the scheduler. */
export interface RefreshSchedulerDeps {
  clock: Clock;
  random: RandomValues;
  /** Calls `/sessions/authenticate` with `{}`; it destroys the session itself on unrecoverable errors. */
  refresh(): Promise<unknown>;
  /** True while there is a session to keep alive (the session cookie exists). */
  isActive(): boolean;
}

/** Runs the refresh loop: one timer at a time, retries with backoff, stops when the session ends. */
export class RefreshScheduler {
  readonly #deps: RefreshSchedulerDeps;
  #timer: unknown;
  #failures = 0;
  #stopped = false;

  constructor(deps: RefreshSchedulerDeps) {
    this.#deps = deps;
  }

  /** Refreshes now (start-up with a session cookie), then keeps going. */
  start(): void {
    void this.#run();
  }

  /** State changed: restart the 3-minute wait, or stop when there is no session. */
  reschedule(): void {
    this.#failures = 0;
    if (this.#deps.isActive()) this.#schedule(SESSION_REFRESH_INTERVAL_MS);
    else this.#clear();
  }

  /** Stops for good (client destroyed). */
  stop(): void {
    this.#stopped = true;
    this.#clear();
  }

  async #run(): Promise<void> {
    this.#clear();
    try {
      await this.#deps.refresh();
      this.#failures = 0;
      if (this.#deps.isActive()) this.#schedule(SESSION_REFRESH_INTERVAL_MS);
    } catch (error) {
      // Unrecoverable: the session is already destroyed; no session left: nothing to refresh.
      if (isUnrecoverableSessionError(error) || !this.#deps.isActive()) return this.#clear();
      this.#failures += 1;
      this.#schedule(backoffDelay(this.#failures, this.#deps.random));
    }
  }

  #schedule(ms: number): void {
    this.#clear();
    if (this.#stopped) return;
    this.#timer = this.#deps.clock.setTimeout(() => {
      this.#timer = undefined;
      void this.#run();
    }, ms);
  }

  #clear(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
