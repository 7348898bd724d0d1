/** @module passwords-reset.service — changing a password with the current one or with a live session (SECURITY B9, D7). */
import { newId } from '../../ids.js';
import { revokeUnusedMagicLinks } from '../magic-links/magic-links.repository.js';
import type { Project } from '../projects/project.js';
import type { PrimarySignIn, SessionAttributes } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { activateUser } from '../users/users.repository.js';
import { notifyPasswordChanged, type PasswordChangedNoticeDeps } from './password-changed-email.js';
import { verifyCredentials } from './password-credentials.js';
import { normalisePassword } from './password-input.js';
import { requireStrongPassword } from './password-strength.js';
import { findPassword, revokeOtherSessions, setPassword } from './passwords.repository.js';
import { type PasswordServiceDeps, passwordFactor } from './passwords.service.js';

/** Body of /passwords/existing_password/reset. */
export interface ExistingPasswordResetInput {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes?: number | undefined;
}

/** Creates the password change service. */
export function createPasswordsResetService(deps: PasswordChangedNoticeDeps & PasswordServiceDeps) {
  const { db, clock, hasher } = deps;
  const passwordId = (project: Project) => newId('password', project.environment, deps.random);

  /** The new password, normalised, or 400 weak_password (checked before any hashing). */
  async function acceptable(project: Project, password: string, email?: string): Promise<string> {
    const normalised = normalisePassword(password);
    await requireStrongPassword(deps.breached, project, normalised, email);
    return normalised;
  }

  return {
    /**
     * Replaces the password of `email` when `existing_password` is right (a wrong one counts as
     * a failed login and answers like one), ends every session of the user and signs in anew;
     * the user's addresses get the "password changed" notice.
     */
    async withExistingPassword(
      project: Project,
      input: ExistingPasswordResetInput,
      attributes: SessionAttributes,
    ): Promise<PrimarySignIn> {
      const email = normaliseEmailAddress(input.email);
      const next = await acceptable(project, input.new_password, email);
      const existing = normalisePassword(input.existing_password);
      const stored = await verifyCredentials(deps, project, email, existing, attributes.ip_address);
      const hash = await hasher.hash(next);
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        await setPassword(
          trx,
          { id: passwordId(project), user_id: stored.user_id, project_id: project.id, hash },
          now,
        );
        await revokeOtherSessions(trx, project.id, stored.user_id, now);
        await revokeUnusedMagicLinks(trx, project.id, email, now);
        await activateUser(trx, stored.user_id, now);
        return deps.sessions.completePrimarySignIn(trx, {
          project,
          userId: stored.user_id,
          factor: passwordFactor(now),
          durationMinutes: input.session_duration_minutes,
          attributes,
        });
      });
      await notifyPasswordChanged(deps, project, stored.user_id, 'existing_password', now);
      return created;
    },

    /**
     * Sets the signed-in user's password (a first one, or a replacement), and ends every other
     * session of the user; the presented session stays. Clears the failed-login counters of
     * the user's addresses, so a hard-locked password works again (SECURITY A4 c). The user's
     * addresses get the notice (worded as "added" for a first password).
     */
    async withSession(project: Project, session: SessionRow, password: string): Promise<void> {
      const next = await acceptable(project, password);
      const hash = await hasher.hash(next);
      const now = clock.now();
      const replaced = await db.transaction().execute(async (trx) => {
        const had = await findPassword(trx, session.user_id);
        await setPassword(
          trx,
          { id: passwordId(project), user_id: session.user_id, project_id: project.id, hash },
          now,
        );
        await revokeOtherSessions(trx, project.id, session.user_id, now, session.id);
        return had !== undefined;
      });
      const addresses = await db
        .selectFrom('emails')
        .select('email')
        .where('project_id', '=', project.id)
        .where('user_id', '=', session.user_id)
        .execute();
      for (const { email } of addresses) await deps.lockout.clear(project, email);
      const kind = replaced ? 'session' : 'session_first';
      await notifyPasswordChanged(deps, project, session.user_id, kind, now);
    },
  };
}

/** The password change service. */
export type PasswordsResetService = ReturnType<typeof createPasswordsResetService>;
