/**
 * @module operator-project — the project the console signs operators in with, made on the first
 * start (idempotent; two instances starting at once end with one). Its users sign in with a
 * passkey, or a password plus an authenticator app (MFA required); its sessions are short (30
 * minutes idle, 12 hours at most) because a console session is an operator credential. Signing up
 * to it makes nobody an operator: only an accepted invite does (console-operators.service.ts).
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { changeProject, createProject } from '../projects/projects.service.js';
import { claimOperatorProject, findOperatorProjectId } from './console-operators.repository.js';
import { CONSOLE_IDLE_MINUTES, CONSOLE_MAX_MINUTES } from './console-policy.js';

/** The operator project's display name (passkey prompts and emails show it). */
export const OPERATOR_PROJECT_NAME = 'Latchkey console';

/** Rolls back a project made by an instance that lost the race to name its own. */
class LostRace extends Error {}

/**
 * Makes sure the operator project exists and allows `consoleOrigin` (the provider's public
 * origin: the console is served from it); returns it and whether this call made it.
 */
export async function ensureOperatorProject(
  db: Db,
  deps: { clock: Clock; random: Random; consoleOrigin: string },
): Promise<{ project: Project; outcome: 'created' | 'reused' }> {
  const existing = await findOperatorProjectId(db);
  if (existing === undefined) {
    try {
      const project = await inTransaction(db, async (trx) => {
        const { project } = await createProject(trx, deps, {
          name: OPERATOR_PROJECT_NAME,
          environment: 'live',
          allowedOrigins: [deps.consoleOrigin],
          enabledProducts: ['passwords', 'webauthn', 'totp'],
          mfaRequired: true,
          sessionMaxLifetimeMinutes: CONSOLE_MAX_MINUTES,
        });
        // The secret createProject minted is dropped unread: nothing calls this project's server API.
        const changed = await changeProject(trx, project.id, {
          session_default_minutes: CONSOLE_IDLE_MINUTES,
        });
        if (!(await claimOperatorProject(trx, project.id))) throw new LostRace();
        return changed ?? project;
      });
      return { project, outcome: 'created' };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
    }
  }
  const projectId = existing ?? (await findOperatorProjectId(db));
  const row = projectId === undefined ? undefined : await projectDirectory.findById(db, projectId);
  if (!row) throw new Error('the operator project vanished while it was being made');
  let project = toProject(row);
  // The public URL may have changed since the project was made: the console must still reach it.
  if (!project.allowedOrigins.includes(deps.consoleOrigin))
    project =
      (await changeProject(db, project.id, {
        allowed_origins: toJson([...project.allowedOrigins, deps.consoleOrigin]),
      })) ?? project;
  return { project, outcome: 'reused' };
}
