/** @module magic-link-delivery — the queued half of a magic-link send: the link is issued and emailed after the answer. */
import type { DbExecutor, Transaction } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DeliveryHandler, IssuingDeliveryDeps } from '../../delivery/delivery-handler.js';
import { deliveryJobStillQueued } from '../../delivery/delivery-jobs.repository.js';
import type { DeliveryQueue } from '../../delivery/delivery-queue.js';
import { type MessageLocale, queuedMessageLocale } from '../../email/message-locale.js';
import { keepPromisedAccount, type PromisedAccount } from '../otps/promised-account.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import { renderNoAccountEmail } from './magic-link-email.js';
import { issueMagicLink, type LinkSpec, magicLinkEmail, type PreparedSend } from './magic-link-issue.js';
import { lockAddressForIssuance, magicLinks } from './magic-links.repository.js';
import type { ResolvedRedirects } from './redirect-urls.js';

/** The job kind of magic-link sends. */
export const MAGIC_LINK_JOB = 'magic_link';

/** What a magic-link job stores: the checked request and the ids its answer named; never a token. */
export interface MagicLinkJobParams {
  endpoint: 'login_or_create' | 'primary' | 'secondary';
  /** login_or_create: `signup` when the answer promised the address a new account, else `login`. */
  purpose: 'login' | 'signup';
  /** login_or_create: the account the answer named; secondary: the signed-in user. */
  user_id: string;
  /** login_or_create: the address's id; secondary: the id the address gets if nobody owns it when the link is issued. */
  email_id: string;
  /**
   * login_or_create to an address without an account: the account (user_id, method_id = email_id,
   * status) the worker creates before issuing the link; null or absent otherwise.
   */
  create_account?: PromisedAccount | null;
  redirects: ResolvedRedirects;
  minutes: { login: number; signup: number };
  code_challenge: string | null;
  /** The email's language; absent on jobs queued before it was recorded (English). */
  locale?: MessageLocale;
}

/** The ids and purpose a job names (the rest of its params come from the checked send). */
export type MagicLinkJobTarget = Pick<
  MagicLinkJobParams,
  'endpoint' | 'purpose' | 'user_id' | 'email_id' | 'create_account'
>;

/** Stores the job that will issue and email the link (the caller notifies the queue after its commit). */
export function enqueueMagicLink(
  deliveries: DeliveryQueue,
  db: DbExecutor,
  project: Project,
  send: PreparedSend,
  target: MagicLinkJobTarget,
): Promise<void> {
  const params: MagicLinkJobParams = {
    ...target,
    redirects: send.redirects,
    minutes: send.minutes,
    code_challenge: send.codeChallenge,
    locale: send.locale,
  };
  return deliveries.enqueue(db, { kind: MAGIC_LINK_JOB, project, recipient: send.email, params });
}

/**
 * Which link a job issues, decided again under the address lock (the account may have changed
 * since the answer): undefined when the recipient gets no link.
 */
async function linkFor(
  trx: Transaction,
  project: Project,
  send: PreparedSend,
  params: MagicLinkJobParams,
): Promise<LinkSpec | undefined> {
  const email = await userDirectory.findEmail(trx, project.id, send.email);
  const login = (owner: { id: string; user_id: string }): LinkSpec => ({
    purpose: 'login',
    userId: owner.user_id,
    emailId: owner.id,
    redirectUrl: send.redirects.login,
    minutes: send.minutes.login,
  });
  switch (params.endpoint) {
    case 'primary':
      return email && login(email);
    case 'login_or_create':
      // The account the answer named must still own the address.
      if (!email || email.id !== params.email_id) return undefined;
      return params.purpose === 'signup'
        ? {
            purpose: 'signup',
            userId: email.user_id,
            emailId: email.id,
            redirectUrl: send.redirects.signup,
            minutes: send.minutes.signup,
          }
        : login(email);
    case 'secondary':
      // The address belongs to someone else: say nothing about it and send nothing.
      if (email && email.user_id !== params.user_id) return undefined;
      return {
        purpose: 'secondary',
        userId: params.user_id,
        emailId: email?.id ?? params.email_id,
        redirectUrl: send.redirects.login,
        minutes: send.minutes.login,
      };
  }
}

/** Creates the handler of magic-link jobs. */
export function createMagicLinkDelivery(deps: IssuingDeliveryDeps): DeliveryHandler {
  return {
    async prepare(job, project) {
      const params = job.params as MagicLinkJobParams;
      const send: PreparedSend = {
        email: job.recipient,
        redirects: params.redirects,
        minutes: params.minutes,
        codeChallenge: params.code_challenge,
        locale: queuedMessageLocale(params.locale),
      };
      // Short: the lock (SECURITY B6), a promised account, one lookup, revoke the older links,
      // store the new one.
      const issued = await inTransaction(deps.db, async (trx) => {
        await lockAddressForIssuance(trx, project.id, send.email);
        // Withdrawn since this worker claimed it (revoke_invite, the user deleted): nothing to send.
        if (!(await deliveryJobStillQueued(trx, job.id))) return undefined;
        if (params.endpoint === 'login_or_create')
          await keepPromisedAccount(trx, deps, project, { channel: 'email', value: send.email }, job.id);
        const spec = await linkFor(trx, project, send, params);
        return spec && { spec, link: await issueMagicLink(trx, deps, project, send, spec) };
      });
      if (issued) {
        return {
          message: { email: magicLinkEmail(project, send, issued.spec, issued.link.token) },
          withdraw: () => magicLinks.revokeUnused(deps.db, { id: issued.link.id }, deps.clock.now()),
        };
      }
      // SECURITY E3: send/primary to an address without an account gets a stub without a token.
      if (params.endpoint === 'primary')
        return {
          message: {
            email: renderNoAccountEmail({ to: send.email, projectName: project.name, locale: send.locale }),
          },
        };
      return {};
    },
  };
}
