/** @module defer-primary-sign-in — a primary sign-in on a project that requires MFA: an intermediate session instead of a session. */
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { mintIntermediateSessionToken } from './intermediate-session-token.js';
import { insertIntermediateSession } from './intermediate-sessions.repository.js';
import type { SecondFactorOptions } from './second-factor-options.js';

/** How long an IST waits for its second factor (docs/contracts.md "Multi-factor policy"). */
export const INTERMEDIATE_SESSION_MINUTES = 10;

/** A primary sign-in held back until a second factor: the IST (plaintext, never stored) and what may complete it. */
export interface DeferredSignIn {
  intermediate: {
    token: string;
    userId: string;
    mfaRequired: SecondFactorOptions;
  };
}

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
