/** @module second-factor-attempt — one attempt at a user's second factor inside its transaction: counted first, decided, then cleared or kept (issue 16). */
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/database.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { SECOND_FACTOR_CAP } from './mfa-policy.js';
import type { SecondFactorProof, SecondFactorProver } from './second-factor.service.js';
import { firstStepOf, type SecondFactorLock, type StartedSecondFactorLock } from './second-factor-lock.js';

/** How a counted attempt ended inside its transaction. */
export type Attempted<R> =
  | { ok: true; value: R }
  | {
      ok: false;
      error: ApiError;
      /** The IST's failures after this one (undefined: no IST, or it was no longer live). */
      istFailures?: number | undefined;
      /** This failure was the user's SECOND_FACTOR_CAP-th in a row. */
      capped: boolean;
      /** The lock this failure started, to announce after the commit. */
      started: StartedSecondFactorLock | undefined;
    };

/**
 * In `trx`: counts the attempt of `who` as failed first (429 at the cap, nothing checked), then
 * runs `prove`. A failure keeps the count, is counted on the IST too (`onFailure`) and, as the
 * cap-th in a row, opens the lock; a success clears the count and runs `onProven`. Anything
 * thrown rolls the count back with the rest of the transaction.
 */
export async function runSecondFactorAttempt<T, R>(
  trx: Transaction,
  deps: { lock: SecondFactorLock; clock: Clock },
  project: Project,
  who: { userId: string; firstFactor: AuthenticationFactor | undefined },
  prove: SecondFactorProver<T>,
  onProven: (proof: Extract<SecondFactorProof<T>, { ok: true }>) => Promise<R>,
  onFailure: () => Promise<number | undefined> = async () => undefined,
): Promise<Attempted<R>> {
  const { lock } = deps;
  const failures = await lock.count(trx, project, who.userId, deps.clock.now());
  const proof = await prove(trx);
  if (!proof.ok) {
    const istFailures = await onFailure();
    const firstStep = firstStepOf(who.firstFactor);
    const started = await lock.startAtCap(trx, project, who.userId, failures, firstStep);
    return { ok: false, error: proof.error, istFailures, capped: failures >= SECOND_FACTOR_CAP, started };
  }
  await lock.clear(trx, who.userId);
  return { ok: true, value: await onProven(proof) };
}
