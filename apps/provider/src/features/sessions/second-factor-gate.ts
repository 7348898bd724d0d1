/**
 * @module second-factor-gate — the seam between a primary sign-in and multi-factor policy. The
 * sessions service asks the gate before it makes a session; mfa implements it (holding the sign-in
 * in an intermediate session when the project requires a second factor), so sessions does not
 * import mfa, which builds on sessions.
 */
import type { MfaRequired } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import type { CreateSessionInput } from './sessions.service.js';

/** A primary sign-in held back until a second factor: the IST (plaintext, never stored) and what may complete it. */
export interface DeferredSignIn {
  intermediate: {
    token: string;
    userId: string;
    mfaRequired: MfaRequired;
  };
}

/** Decides whether a primary sign-in may become a session now (docs/contracts.md "Multi-factor policy"). */
export interface SecondFactorGate {
  /**
   * The sign-in held back for a second factor, or undefined when a session may start now. Called
   * inside the sign-in's transaction, so the hold and the consumed credential commit together.
   */
  holdIfRequired(db: DbExecutor, input: CreateSessionInput): Promise<DeferredSignIn | undefined>;
}
