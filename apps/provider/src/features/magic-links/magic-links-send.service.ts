import type { DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { SendDeps } from '../../delivery/send-deps.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import { newId } from '../../ids.js';
import { answerLoginOrCreate } from '../otps/promised-account.js';
import type { Project } from '../projects/project.js';
import { pseudoIds } from '../users/pseudo-ids.js';
import { userDirectory } from '../users/user-directory.js';
import { enqueueMagicLink, type MagicLinkJobTarget } from './magic-link-delivery.js';
import { type PreparedSend, prepareSend } from './magic-link-issue.js';
import type { SendInput } from './magic-links.schemas.js';

/** What every send returns (wire data besides request_id/status_code). */
export interface SendResult {
  user_id: string;
  email_id: string;
}

/** Who asked for the email; the send limits count per client IP. */
export interface SendRequester {
  ip: string;
  /** Who asks, when not the person themselves (the server API: the project), for the events. */
  actor?: EventActor;
}

/**
 * The magic-link send service. Every send checks its input, then the send limits (429
 * `too_many_requests`), and only then looks anything up (SECURITY A5, E3). It answers once the
 * job is stored; the link is issued and emailed (and a new address's account created) by the
 * delivery worker after the answer, so the answer takes as long whether or not the address has
 * an account (issue 16 item 4).
 */
export interface MagicLinksSendService {
  /** `user_created`: this answer promised the address a new account (only the server API shows it). */
  loginOrCreate(
    project: Project,
    input: SendInput,
    requester: SendRequester,
  ): Promise<SendResult & { user_created: boolean }>;
  sendPrimary(project: Project, input: SendInput, requester: SendRequester): Promise<SendResult>;
  sendSecondary(
    project: Project,
    signedInUserId: string,
    input: SendInput,
    requester: SendRequester,
  ): Promise<SendResult>;
}

/** Creates the send service. */
export function createMagicLinksSendService(deps: SendDeps): MagicLinksSendService {
  /** Validation first (it must not use up budget), then the limits, before any lookup. */
  async function admit(project: Project, input: SendInput, requester: SendRequester): Promise<PreparedSend> {
    const send = prepareSend(project, input);
    await deps.throttle.check(project, send.email, requester.ip);
    return send;
  }

  const enqueue = (db: DbExecutor, project: Project, send: PreparedSend, target: MagicLinkJobTarget) =>
    enqueueMagicLink(deps.deliveries, db, project, send, target);

  return {
    async loginOrCreate(project, input, requester) {
      const send = await admit(project, input, requester);
      const status = input.create_user_as_pending === true ? 'pending' : 'active';
      const answer = await inTransaction(deps.db, async (trx) => {
        // An address without an account gets one from the worker, with the ids answered here
        // (the server API's, asking as the project, gets it now: promised-account.ts).
        const { method, purpose, promise } = await answerLoginOrCreate(
          trx,
          deps,
          project,
          { channel: 'email', value: send.email },
          status,
          requester.actor,
        );
        await enqueue(trx, project, send, {
          endpoint: 'login_or_create',
          purpose,
          user_id: method.user_id,
          email_id: method.id,
          create_account: promise,
        });
        return { user_id: method.user_id, email_id: method.id, user_created: purpose === 'signup' };
      });
      deps.deliveries.notify();
      return answer;
    },

    async sendPrimary(project, input, requester) {
      const send = await admit(project, input, requester);
      // The same lookup and the same one write whether or not the address has an account; the
      // worker decides between a login link and the stub (SECURITY E3).
      const email = await userDirectory.findEmail(deps.db, project.id, send.email);
      const pseudo = pseudoIds(project, send.email);
      const answer = email ? { user_id: email.user_id, email_id: email.id } : pseudo;
      await enqueue(deps.db, project, send, { endpoint: 'primary', purpose: 'login', ...answer });
      deps.deliveries.notify();
      return answer;
    },

    async sendSecondary(project, signedInUserId, input, requester) {
      const send = await admit(project, input, requester);
      const existing = await userDirectory.findEmail(deps.db, project.id, send.email);
      // A new address is attached only when its link is used, so nobody can squat it by asking.
      const newEmailId = newId('email', project.environment, deps.random);
      const pseudo = pseudoIds(project, send.email);
      // The address belongs to someone else: the same answer shape, and nothing is sent.
      const answer =
        existing && existing.user_id !== signedInUserId
          ? pseudo
          : { user_id: signedInUserId, email_id: existing?.id ?? newEmailId };
      // The job's email_id is used only if the address has no owner when the link is issued.
      await enqueue(deps.db, project, send, {
        endpoint: 'secondary',
        purpose: 'login',
        user_id: signedInUserId,
        email_id: newEmailId,
      });
      deps.deliveries.notify();
      return answer;
    },
  };
}
