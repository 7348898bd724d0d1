/** @module magic-links-send.service — issuing magic links: login_or_create, send/primary, send/secondary. */
import type { Clock } from '../../clock.js';
import type { Db, Transaction } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { Mailer } from '../../email/mailer.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { EmailSendThrottle } from '../../rate-limit/email-send-throttle.js';
import type { Project } from '../projects/project.js';
import { findEmailByAddress, insertBlankUser, insertEmailIfAbsent } from '../users/users.repository.js';
import { renderNoAccountEmail } from './magic-link-email.js';
import {
  issueMagicLink,
  type LinkSpec,
  magicLinkEmail,
  type PreparedSend,
  prepareSend,
} from './magic-link-issue.js';
import { lockAddressForIssuance } from './magic-links.repository.js';
import type { SendInput } from './magic-links.schemas.js';
import { pseudoIds } from './pseudo-ids.js';

/** What every send returns (wire data besides request_id/status_code). */
export interface SendResult {
  user_id: string;
  email_id: string;
}

/** Who asked for the email; the send limits count per client IP. */
export interface SendRequester {
  ip: string;
}

/**
 * The magic-link send service. Every send checks its input, then the send limits (429
 * `too_many_requests`), and only then looks anything up (SECURITY A5, E3).
 */
export interface MagicLinksSendService {
  loginOrCreate(project: Project, input: SendInput, requester: SendRequester): Promise<SendResult>;
  sendPrimary(project: Project, input: SendInput, requester: SendRequester): Promise<SendResult>;
  sendSecondary(
    project: Project,
    signedInUserId: string,
    input: SendInput,
    requester: SendRequester,
  ): Promise<SendResult>;
}

type Issued = { spec: LinkSpec; token: string } | undefined;

/** Creates the send service. */
export function createMagicLinksSendService(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  throttle: EmailSendThrottle;
}): MagicLinksSendService {
  /** Validation first (it must not use up budget), then the limits, before any lookup. */
  async function admit(project: Project, input: SendInput, requester: SendRequester): Promise<PreparedSend> {
    const send = prepareSend(project, input);
    await deps.throttle.check(project, send.email, requester.ip);
    return send;
  }

  /** Runs `decide` under the address lock and issues the link it describes, if any. */
  async function issueUnderLock(
    project: Project,
    send: PreparedSend,
    decide: (trx: Transaction) => Promise<LinkSpec | undefined>,
  ): Promise<Issued> {
    return inTransaction(deps.db, async (trx) => {
      await lockAddressForIssuance(trx, project.id, send.email);
      const spec = await decide(trx);
      return spec && { spec, token: await issueMagicLink(trx, deps, project, send, spec) };
    });
  }

  /** Emails the link after commit; a transport failure surfaces as 503. */
  async function deliver(
    project: Project,
    send: PreparedSend,
    issued: NonNullable<Issued>,
  ): Promise<SendResult> {
    await deps.mailer.send(magicLinkEmail(project, send, issued.spec, issued.token));
    return { user_id: issued.spec.userId, email_id: issued.spec.emailId };
  }

  /** Creates a user with the address unverified; undefined when a concurrent request got there first. */
  async function createUser(trx: Transaction, project: Project, send: PreparedSend, pending: boolean) {
    const now = deps.clock.now();
    const user = await insertBlankUser(trx, project, pending ? 'pending' : 'active', {
      random: deps.random,
      now,
    });
    const email = await insertEmailIfAbsent(trx, {
      id: newId('email', project.environment, deps.random),
      project_id: project.id,
      user_id: user.id,
      email: send.email,
      verified: false,
      created_at: now,
    });
    if (!email) await trx.deleteFrom('users').where('id', '=', user.id).execute();
    return email;
  }

  return {
    async loginOrCreate(project, input, requester) {
      const send = await admit(project, input, requester);
      const issued = await issueUnderLock(project, send, async (trx) => {
        const existing = await findEmailByAddress(trx, project.id, send.email);
        const created = existing
          ? undefined
          : await createUser(trx, project, send, input.create_user_as_pending === true);
        if (created) {
          const { redirects, minutes } = send;
          return {
            purpose: 'signup',
            userId: created.user_id,
            emailId: created.id,
            redirectUrl: redirects.signup,
            minutes: minutes.signup,
          };
        }
        const email = existing ?? (await findEmailByAddress(trx, project.id, send.email));
        if (!email) throw new Error('email vanished during login_or_create');
        return {
          purpose: 'login',
          userId: email.user_id,
          emailId: email.id,
          redirectUrl: send.redirects.login,
          minutes: send.minutes.login,
        };
      });
      return deliver(project, send, issued as NonNullable<Issued>);
    },

    async sendPrimary(project, input, requester) {
      const send = await admit(project, input, requester);
      const issued = await issueUnderLock(project, send, async (trx) => {
        const email = await findEmailByAddress(trx, project.id, send.email);
        return (
          email && {
            purpose: 'login',
            userId: email.user_id,
            emailId: email.id,
            redirectUrl: send.redirects.login,
            minutes: send.minutes.login,
          }
        );
      });
      if (issued) return deliver(project, send, issued);
      // SECURITY E3: the same answer as for a real account, and a stub email without a token.
      await deps.mailer.send(renderNoAccountEmail({ to: send.email, projectName: project.name }));
      return pseudoIds(project, send.email);
    },

    async sendSecondary(project, signedInUserId, input, requester) {
      const send = await admit(project, input, requester);
      const issued = await issueUnderLock(project, send, async (trx) => {
        const existing = await findEmailByAddress(trx, project.id, send.email);
        // The address belongs to someone else: say nothing about it and send nothing.
        if (existing && existing.user_id !== signedInUserId) return undefined;
        // A new address is attached only when its link is used, so nobody can squat it by asking.
        const emailId = existing?.id ?? newId('email', project.environment, deps.random);
        return {
          purpose: 'secondary',
          userId: signedInUserId,
          emailId,
          redirectUrl: send.redirects.login,
          minutes: send.minutes.login,
        };
      });
      return issued ? deliver(project, send, issued) : pseudoIds(project, send.email);
    },
  };
}
