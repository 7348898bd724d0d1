/** @module passwords-reset.service — changing a password with the current one or with a live session (SECURITY B9, D7). */

import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import { magicLinkRevocation } from '../magic-links/magic-link-revocation.js';
import { intermediateSessionRevocation } from '../mfa/intermediate-session-revocation.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import type { SessionAttributes } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import { notifyPasswordChanged, type PasswordChangedNoticeDeps } from './password-changed-email.js';
import { verifyCredentials } from './password-credentials.js';
import { announcePasswordChanged } from './password-events.js';
import { normalisePassword } from './password-input.js';
import { isPasswordLocked } from './password-lockouts.repository.js';
import { requireStrongPassword } from './password-strength.js';
import { findPassword, setPassword } from './passwords.repository.js';
import { type PasswordServiceDeps, passwordFactor } from './passwords.service.js';
import type { PasswordChange, ServerChange } from './passwords-email-reset.service.js';
import { sessionProvesAddress } from './session-address-proof.js';

/** Body of /passwords/existing_password/reset. */
export interface ExistingPasswordResetInput {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes?: number | undefined;
}

/** 400 reset_password: the account is locked and this session did not prove an address. */
const lockedWithoutProof = () =>
  new ApiError('reset_password', {
    message:
      'Password sign-in to this account is turned off after too many failed attempts. To set a new password, sign in with a link or code sent to your email first, or reset your password by email.',
  });

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

  const service = {
    /**
     * Replaces the password of `email` when `existing_password` is right (a wrong one counts as
     * a failed login and answers like one), ends every session and intermediate session of the
     * user and signs in anew;
     * the user's addresses get the "password changed" notice. While the account's password
     * sign-in is locked it answers 401 like a wrong password: knowing the password is what the
     * lock is about, so it cannot end the lock. For the browser or (with `server`) the server API,
     * whose failed attempts count on the account only (login-lockout `begin`).
     */
    async changeWithExisting(
      project: Project,
      input: ExistingPasswordResetInput,
      attributes: SessionAttributes,
      server?: ServerChange,
    ): Promise<PasswordChange> {
      const email = normaliseEmailAddress(input.email);
      const next = await acceptable(project, input.new_password, email);
      const existing = normalisePassword(input.existing_password);
      const clientIp = server ? null : attributes.ip_address;
      const stored = await verifyCredentials(deps, project, email, existing, clientIp);
      const hash = await hasher.hash(next);
      const now = clock.now();
      const created = await inTransaction(db, async (trx) => {
        await setPassword(
          trx,
          { id: passwordId(project), user_id: stored.user_id, project_id: project.id, hash },
          now,
        );
        const revoked = await liveSessions.revokeOthersOf(trx, project.id, stored.user_id, now);
        await announcePasswordChanged(trx, deps.events, {
          projectId: project.id,
          userId: stored.user_id,
          now,
          revoked,
          ...(server ? { actor: server.actor, ipAddress: attributes.ip_address } : {}),
        });
        // ISTs the old password bought end with it (before the sign-in below may mint a new one).
        await intermediateSessionRevocation.revokeLiveOf(trx, stored.user_id, now);
        await magicLinkRevocation.revokeUnused(trx, project.id, email, now);
        await userDirectory.activate(trx, stored.user_id, now);
        if (server?.startSession === false) return undefined;
        return deps.sessions.completePrimarySignIn(trx, {
          project,
          userId: stored.user_id,
          factor: passwordFactor(now),
          durationMinutes: input.session_duration_minutes,
          attributes,
          ...(server ? { actor: server.actor } : {}),
        });
      });
      await notifyPasswordChanged(deps, project, stored.user_id, 'existing_password', now);
      return { userId: stored.user_id, session: created };
    },

    /**
     * Sets the signed-in user's password (a first one, or a replacement), and ends every other
     * session and every intermediate session of the user; the presented session stays. While the
     * account's password sign-in is locked, the session must have proved an address of the user
     * (a magic link or email code): then the lock ends with the new password; otherwise 400
     * reset_password and nothing changes, since a session from before the lock proves nothing
     * about who asks now. Such a session ends a second-factor lock too (one that did not prove
     * an address changes the password but leaves that lock alone). Clears
     * the failed-login counters of the user's addresses (SECURITY A4 c). The user's addresses
     * get the notice (worded as "added" for a first password).
     */
    async withSession(
      project: Project,
      session: SessionRow,
      password: string,
      server?: Pick<ServerChange, 'actor'>,
    ): Promise<void> {
      const next = await acceptable(project, password);
      const provesAddress = await sessionProvesAddress(db, project, session);
      if (!provesAddress && (await isPasswordLocked(db, session.user_id))) throw lockedWithoutProof();
      const hash = await hasher.hash(next);
      const now = clock.now();
      const changed = await inTransaction(db, async (trx) => {
        const had = await findPassword(trx, session.user_id);
        await setPassword(
          trx,
          { id: passwordId(project), user_id: session.user_id, project_id: project.id, hash },
          now,
        );
        const revoked = await liveSessions.revokeOthersOf(trx, project.id, session.user_id, now, session.id);
        await announcePasswordChanged(trx, deps.events, {
          projectId: project.id,
          userId: session.user_id,
          now,
          revoked,
          ...(server ? { actor: server.actor } : {}),
        });
        await intermediateSessionRevocation.revokeLiveOf(trx, session.user_id, now);
        const reason = 'password_set_after_email_sign_in';
        const unlocked = provesAddress ? await deps.lock.end(trx, session.user_id, reason, now) : undefined;
        const secondFactorUnlocked = provesAddress
          ? await deps.secondFactorLock.end(trx, session.user_id, reason, now)
          : undefined;
        return { replaced: had !== undefined, unlocked, secondFactorUnlocked };
      });
      deps.lock.announceEnd(changed.unlocked);
      deps.secondFactorLock.announceEnd(changed.secondFactorUnlocked);
      await deps.lockout.clear(project, await userDirectory.addressesOf(db, project.id, session.user_id));
      const kind = changed.replaced ? 'session' : 'session_first';
      await notifyPasswordChanged(deps, project, session.user_id, kind, now);
    },
  };
  return service;
}

/** The password change service. */
export type PasswordsResetService = ReturnType<typeof createPasswordsResetService>;
