/** @module methods/password-strength-checker — debounced `passwords.strengthCheck` for as-you-type meters. */

import type { Clock } from '../options.js';
import type { PasswordStrengthCheckResult } from '../wire-types.js';
import type { PasswordStrengthCheckOptions } from './password-options.js';

/**
 * Options of `createStrengthChecker`. `R` is the answer type; a caller that types only the fields
 * it reads (the widget) passes its own.
 */
export interface StrengthCheckerOptions<R = PasswordStrengthCheckResult> {
  /** Anything with `passwords.strengthCheck`, normally the client. */
  client: { passwords: { strengthCheck(options: PasswordStrengthCheckOptions): Promise<R> } };
  /** Quiet time after the last `update` before a check is sent (spec §9 search debounce: 500 ms). */
  delayMs?: number;
  /** Timers; the global ones by default. */
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** The result of the newest input; never called for an input that has been superseded. */
  onResult(result: R, input: PasswordStrengthCheckOptions): void;
  /** A failed check of the newest input; stale failures are dropped too. */
  onError?(error: unknown, input: PasswordStrengthCheckOptions): void;
}

/** A debounced checker bound to one form. */
export interface StrengthChecker {
  /** Schedules a check of `input`, replacing any pending one and voiding any in-flight answer. */
  update(input: PasswordStrengthCheckOptions): void;
  /** Drops the pending check and any in-flight answer (unmount, or the password was cleared). */
  cancel(): void;
}

const globalClock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Creates a debounced strength checker. Each `update` restarts the delay; an answer is delivered
 * only if no `update` or `cancel` came after its input, so a slow old answer never overwrites a
 * newer one.
 * @example
 * const checker = createStrengthChecker({ client, onResult: (r) => setStrength(r) });
 * input.oninput = () => checker.update({ email, password: input.value });
 */
export function createStrengthChecker<R = PasswordStrengthCheckResult>(
  options: StrengthCheckerOptions<R>,
): StrengthChecker {
  const { client, delayMs = 500, clock = globalClock, onResult, onError } = options;
  let timer: unknown;
  let generation = 0;

  function clearTimer(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  }

  async function run(input: PasswordStrengthCheckOptions, mine: number): Promise<void> {
    try {
      const result = await client.passwords.strengthCheck(input);
      if (mine === generation) onResult(result, input);
    } catch (error) {
      if (mine === generation) onError?.(error, input);
    }
  }

  return {
    update(input) {
      clearTimer();
      const mine = ++generation;
      timer = clock.setTimeout(() => {
        timer = undefined;
        void run(input, mine);
      }, delayMs);
    },
    cancel() {
      clearTimer();
      generation++;
    },
  };
}
