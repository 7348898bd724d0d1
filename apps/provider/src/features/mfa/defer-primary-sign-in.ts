/** @module defer-primary-sign-in — a primary sign-in on a project that requires MFA: an intermediate session instead of a session. */
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { mintIntermediateSessionToken } from '../sessions/intermediate-session-token.js';
import type { DeferredSignIn, SecondFactorGate } from '../sessions/second-factor-gate.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { insertIntermediateSession } from './intermediate-sessions.repository.js';
import { INTERMEDIATE_SESSION_MINUTES } from './mfa-policy.js';
import {
  needsSecondFactor,
  type SecondFactorOptions,
  secondFactorOptionsOf,
} from './second-factor-options.js';

/**
 * Stores an intermediate session for `userId` bound to the `factor` just proven; no session row
 * is made. Call in the transaction that consumed the primary credential, so both or neither happen.
 */
export async function deferPrimarySignIn(
  db: DbExecutor,
  deps: { clock: Clock; random: Random },
  input: { project: Project; userId: string; factor: AuthenticationFactor; options: SecondFactorOptions },
): Promise<DeferredSignIn> {
  const now = deps.clock.now();
  const { token, hash } = mintIntermediateSessionToken(deps.random);
  await insertIntermediateSession(db, {
    id: newId('intermediateSession', input.project.environment, deps.random),
    project_id: input.project.id,
    user_id: input.userId,
    token_hash: hash,
    primary_factor: toJson(input.factor),
    expires_at: new Date(now.getTime() + INTERMEDIATE_SESSION_MINUTES * 60_000),
    used_at: null,
    revoked_at: null,
    created_at: now,
  });
  return {
    intermediate: {
      token,
      userId: input.userId,
      mfaRequired: input.options,
    },
  };
}

/**
 * The sessions service's gate: on a project that requires MFA, a primary sign-in becomes an
 * intermediate session (a passkey has verified the user already and always passes).
 */
export function createSecondFactorGate(deps: { clock: Clock; random: Random }): SecondFactorGate {
  return {
    async holdIfRequired(db, input) {
      // One query gives both the decision and, when held back, the wire `mfa_required`.
      const options = input.secondFactors ?? (await secondFactorOptionsOf(db, input.userId, input.factor));
      if (!needsSecondFactor(input.project, input.factor, options)) return undefined;
      return deferPrimarySignIn(db, deps, { ...input, options });
    },
  };
}
