/** @module presented-session — the caller's own live session, where a factor proven while signed in is added to it. */
import type { DbExecutor } from '../../db/database.js';
import { type ApiError, isApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { CreatedSession, SessionsService } from './sessions.service.js';
import type { AuthenticationFactor, SessionRow } from './sessions.table.js';

/** A live session sent in Basic auth (or a server call's body), with the token the caller holds. */
export interface PresentedSession {
  row: SessionRow;
  token: string;
}

/** The live session of `token`, or undefined (none, an IST, unknown, revoked or expired). */
export async function presentedSessionOf(
  sessions: SessionsService,
  project: Project,
  token: string | null,
): Promise<PresentedSession | undefined> {
  const row = await sessions.findLive(project, token);
  return row && token !== null ? { row, token } : undefined;
}

/**
 * Adds `factor` to the presented session (and extends it when a duration is given) inside the
 * caller's transaction, answering with that same session and token: a factor added while signed
 * in never mints a session. When the session ended since it was checked, `refuse()` is thrown so
 * the transaction (and the consumption of the code or link in it) rolls back.
 */
export async function addFactorToPresentedSession(
  trx: DbExecutor,
  sessions: SessionsService,
  input: {
    project: Project;
    presented: PresentedSession;
    factor: AuthenticationFactor;
    durationMinutes: number | undefined;
  },
  refuse: () => ApiError,
): Promise<CreatedSession> {
  try {
    const row = await sessions.addFactor(
      trx,
      input.project,
      input.presented.row.id,
      input.factor,
      input.durationMinutes,
    );
    return { row, token: input.presented.token };
  } catch (error) {
    if (isApiError(error) && error.code === 'session_not_found') throw refuse();
    throw error;
  }
}
