/**
 * @module proven-factor-sign-in — the end of a sign-in by a code or link (magic links, passcodes):
 * the factor joins the caller's own session when the proof was a step-up, and otherwise the user
 * is activated and gets a new session.
 */
import type { DbExecutor } from '../../db/database.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { addFactorToPresentedSession, type PresentedSession } from './presented-session.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from './sessions.service.js';
import type { AuthenticationFactor } from './sessions.table.js';

/**
 * Redeems a code or link (`input`) for a sign-in: a new session, or its factor added to the
 * `presented` session when the code or link was a secondary one its user asked for.
 */
export type RedeemProof<Input, Redeemed> = (
  project: Project,
  input: Input,
  attributes: SessionAttributes,
  presented: PresentedSession | undefined,
) => Promise<Redeemed>;

/** What was proven, by whom, and how the session should look. */
export interface ProvenFactor {
  project: Project;
  /** The caller's own session when the proof added a factor to it (a secondary code or link). */
  stepUp: PresentedSession | undefined;
  userId: string;
  factor: AuthenticationFactor;
  durationMinutes: number | undefined;
  attributes: SessionAttributes;
  at: Date;
}

/**
 * Inside the transaction that consumed the proof: adds the factor to `stepUp` (`refuse()` when
 * that session ended meanwhile), or activates the user (create_user_as_pending: the first
 * successful authentication activates) and completes a primary sign-in.
 */
export async function signInWithProvenFactor(
  trx: DbExecutor,
  sessions: SessionsService,
  proven: ProvenFactor,
  refuse: () => ApiError,
): Promise<PrimarySignIn> {
  const { project, stepUp, factor, durationMinutes } = proven;
  if (stepUp)
    return addFactorToPresentedSession(
      trx,
      sessions,
      { project, presented: stepUp, factor, durationMinutes },
      refuse,
    );
  await userDirectory.activate(trx, proven.userId, proven.at);
  return sessions.completePrimarySignIn(trx, {
    project,
    userId: proven.userId,
    factor,
    durationMinutes,
    attributes: proven.attributes,
  });
}
