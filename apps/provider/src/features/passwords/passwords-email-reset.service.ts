/** @module passwords-email-reset.service — password reset by emailed token: start, and redeem (SECURITY B3, B9, E3). */
import { PKCE_REQUIRED_MESSAGE } from '@latchkey/wire/messages';
import { checkPkce } from '../../crypto/pkce.js';
import { hashToken } from '../../crypto/tokens.js';
import { inTransaction } from '../../db/transaction.js';
import type { DeliveryQueue } from '../../delivery/delivery-queue.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import { messageLocale } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { EmailSendThrottle } from '../../rate-limit/email-send-throttle.js';
import { magicLinkRevocation } from '../magic-links/magic-link-revocation.js';
import { resolveRedirects } from '../magic-links/redirect-urls.js';
import { intermediateSessionRevocation } from '../mfa/intermediate-session-revocation.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import type { PrimarySignIn, SessionAttributes } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import { notifyPasswordChanged, type PasswordChangedNoticeDeps } from './password-changed-email.js';
import { announcePasswordChanged } from './password-events.js';
import { normalisePassword } from './password-input.js';
import { RESET_DEFAULT_MINUTES } from './password-policy.js';
import { PASSWORD_RESET_JOB, type PasswordResetJobParams } from './password-reset-delivery.js';
import { passwordResets } from './password-resets.repository.js';
import { requireStrongPassword } from './password-strength.js';
import { setPassword } from './passwords.repository.js';
import { type PasswordServiceDeps, passwordFactor } from './passwords.service.js';

/** Body of reset/start as the service uses it. */
export interface ResetStartInput {
  email: string;
  login_redirect_url?: string | undefined;
  reset_password_redirect_url?: string | undefined;
  reset_password_expiration_minutes?: number | undefined;
  code_challenge?: string | undefined;
  /** The email's language (message-locale); English when absent. */
  locale?: string | undefined;
}

/** Body of reset (by token). */
export interface ResetInput {
  token: string;
  password: string;
  session_duration_minutes?: number | undefined;
  code_verifier?: string | undefined;
}

const invalidToken = () => new ApiError('invalid_reset_token');

/**
 * How a change made on the server API differs (server-passwords): a session only when one was
 * asked for, and the project as the events' actor.
 */
export interface ServerChange {
  startSession: boolean;
  actor: EventActor;
  /**
   * The session the caller presented (`session_token`/`session_jwt`): it must be the token's
   * user's, and it is the one that stays — every other session ends, and none is started.
   */
  keepSession?: SessionRow | undefined;
}

/** A password change: the user's, and its sign-in (none only when the server API asked for none). */
export interface PasswordChange {
  userId: string;
  session: PrimarySignIn | undefined;
}

/** The sign-in of a change made for the browser, which always signs in. */
export function browserSignIn(change: PasswordChange): PrimarySignIn {
  if (!change.session) throw new Error('A password change for the browser signed no one in.');
  return change.session;
}

/** Creates the reset-by-email service. */
export function createPasswordsEmailResetService(
  deps: PasswordServiceDeps &
    PasswordChangedNoticeDeps & {
      throttle: EmailSendThrottle;
      deliveries: DeliveryQueue;
    },
) {
  const { db, clock } = deps;
  const service = {
    /**
     * Queues a reset email: the delivery worker emails a reset link and a login link to an
     * address with an account and sends nothing to an unknown address, after the answer, which
     * is the same for both (SECURITY E3). Checks (redirects, PKCE, send limits) come first.
     */
    async start(project: Project, input: ResetStartInput, clientIp: string): Promise<void> {
      const locale = messageLocale(input.locale);
      const redirects = resolveRedirects(project, {
        login_magic_link_url: input.login_redirect_url,
        signup_magic_link_url: input.reset_password_redirect_url,
      });
      if (project.pkceRequiredForPasswordResets && input.code_challenge === undefined)
        throw new ApiError('pkce_mismatch', { message: PKCE_REQUIRED_MESSAGE });
      const email = normaliseEmailAddress(input.email);
      await deps.throttle.check(project, email, clientIp);
      // No lookup here: the worker decides after the answer whether the address gets an email,
      // so the answer takes as long either way (SECURITY E3, issue 16 item 4).
      const params: PasswordResetJobParams = {
        redirects,
        minutes: input.reset_password_expiration_minutes ?? RESET_DEFAULT_MINUTES,
        code_challenge: input.code_challenge ?? null,
        locale,
      };
      await deps.deliveries.enqueue(db, { kind: PASSWORD_RESET_JOB, project, recipient: email, params });
      deps.deliveries.notify();
    },

    /**
     * Sets the password of the token's user. PKCE and strength are checked before the token
     * is consumed (a failure leaves it usable); the token is consumed by one guarded UPDATE in
     * the transaction that stores the hash, so of concurrent resets exactly one wins (B3). Every
     * session, intermediate session, reset token and magic link of the user ends (B9); so do the
     * account's password lock and second-factor lock (the token proved the address, and whoever
     * knew the old password no longer does), and the failed-login counters of the user's
     * addresses are cleared (A4 c); the user's addresses get the "password changed" notice (once:
     * only the winner sends it). For the browser or (with `server`) the server API.
     */
    async redeem(
      project: Project,
      input: ResetInput,
      attributes: SessionAttributes,
      server?: ServerChange,
    ): Promise<PasswordChange> {
      const tokenHash = hashToken(input.token);
      const found = await passwordResets.find(db, { project_id: project.id, token_hash: tokenHash });
      const now = clock.now();
      if (!found || found.used_at || found.revoked_at || found.expires_at <= now) throw invalidToken();
      if (checkPkce(found.code_challenge, input.code_verifier) !== 'ok') throw new ApiError('pkce_mismatch');
      const kept = server?.keepSession;
      if (kept && kept.user_id !== found.user_id)
        throw new ApiError('invalid_request', {
          message: 'The session presented is not the session of the user this reset link is for.',
          body: [{ dataPath: '.session_token', message: 'belongs to another user' }],
        });
      const emailRow = await userDirectory.findEmailOfUser(db, found.user_id, found.email_id);
      const password = normalisePassword(input.password);
      await requireStrongPassword(deps.breached, project, password, emailRow?.email);
      const hash = await deps.hasher.hash(password);
      const created = await inTransaction(db, async (trx) => {
        const at = clock.now();
        if (!(await passwordResets.consume(trx, { id: found.id }, at))) throw invalidToken();
        const id = newId('password', project.environment, deps.random);
        await setPassword(trx, { id, user_id: found.user_id, project_id: project.id, hash }, at);
        const revoked = await liveSessions.revokeOthersOf(trx, project.id, found.user_id, at, kept?.id);
        await announcePasswordChanged(trx, deps.events, {
          projectId: project.id,
          userId: found.user_id,
          now: at,
          revoked,
          ...(server ? { actor: server.actor, ipAddress: attributes.ip_address } : {}),
        });
        await passwordResets.revokeUnused(trx, { user_id: found.user_id }, at);
        if (emailRow) {
          await magicLinkRevocation.revokeUnused(trx, project.id, emailRow.email, at);
          await userDirectory.markEmailVerified(trx, emailRow.id);
        }
        const passcodesUnlocked = emailRow && (await deps.passcodeLock.end(trx, project, emailRow.email));
        await userDirectory.activate(trx, found.user_id, at);
        const unlocked = await deps.lock.end(trx, found.user_id, 'password_reset_by_email', at);
        // Before the sign-in below, which may mint this reset's own IST.
        await intermediateSessionRevocation.revokeLiveOf(trx, found.user_id, at);
        const secondFactorUnlocked = await deps.secondFactorLock.end(
          trx,
          found.user_id,
          'password_reset_by_email',
          at,
        );
        const session =
          server?.startSession === false || kept
            ? undefined
            : await deps.sessions.completePrimarySignIn(trx, {
                project,
                userId: found.user_id,
                factor: passwordFactor(at),
                durationMinutes: input.session_duration_minutes,
                attributes,
                ...(server ? { actor: server.actor } : {}),
              });
        return { session, unlocked, secondFactorUnlocked, passcodesUnlocked };
      });
      deps.lock.announceEnd(created.unlocked);
      deps.secondFactorLock.announceEnd(created.secondFactorUnlocked);
      deps.passcodeLock.announceEnd(created.passcodesUnlocked, 'password_reset_by_email', found.user_id);
      await deps.lockout.clear(project, await userDirectory.addressesOf(db, project.id, found.user_id));
      await notifyPasswordChanged(deps, project, found.user_id, 'reset_by_email', clock.now());
      return { userId: found.user_id, session: created.session };
    },
  };
  return service;
}

/** The reset-by-email service. */
export type PasswordsEmailResetService = ReturnType<typeof createPasswordsEmailResetService>;
