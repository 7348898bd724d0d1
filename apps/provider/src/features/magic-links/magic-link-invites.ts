/**
 * @module magic-link-invites — an invitation by email (the server API's
 * `/v1/magic_links/email/invite` and `/revoke_invite`): a pending user is created at once with the
 * address, and a sign-up link is sent through the same queue as every other link; using it
 * activates the user. Revoking withdraws the links the pending user has not used and the queued ones.
 */
import { MAX_USER_METADATA_BYTES } from '@latchkey/wire';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import type { SendDeps } from '../../delivery/send-deps.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { messageLocale } from '../../email/message-locale.js';
import { ApiError, badField } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Project } from '../projects/project.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import { announceUserEvent } from '../users/user-events.js';
import { enqueueMagicLink } from './magic-link-delivery.js';
import type { PreparedSend } from './magic-link-issue.js';
import { magicLinkRevocation } from './magic-link-revocation.js';
import type { SendRequester, SendResult } from './magic-links-send.service.js';
import { resolveRedirects } from './redirect-urls.js';

/** What an invitation carries (the wire's names). */
export interface InviteInput {
  email: string;
  invite_magic_link_url?: string | undefined;
  invite_expiration_minutes?: number | undefined;
  name?: { first_name?: string; middle_name?: string; last_name?: string } | undefined;
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
  /** The email's language (message-locale); English when absent. */
  locale?: string | undefined;
}

/** Invitations by email. */
export interface MagicLinkInvites {
  /**
   * Creates a pending user owning `email` (or finds the pending one an earlier invitation made)
   * and queues a sign-up link to it. 400 `duplicate_email` when an active user has the address.
   */
  invite(project: Project, input: InviteInput, requester: SendRequester): Promise<SendResult>;
  /** Withdraws the unused links of the pending user with `email`; 404 `email_not_found` when there is none. */
  revokeInvite(project: Project, email: string): Promise<void>;
}

/** The stored JSON of a metadata object, or 400 naming it when it outgrows the users' cap. */
function metadataJson(field: string, value: Record<string, unknown> | undefined): string {
  const json = toJson(value ?? {});
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES)
    throw badField(field, `may hold at most ${MAX_USER_METADATA_BYTES} bytes of JSON`);
  return json;
}

/** Creates the invitation service. */
export function createMagicLinkInvites(deps: SendDeps & { events: DomainEventBus }): MagicLinkInvites {
  return {
    async invite(project, input, requester) {
      // Everything that can refuse the input first: a refusal changes nothing.
      const url = input.invite_magic_link_url;
      const redirects = resolveRedirects(project, { login_magic_link_url: url, signup_magic_link_url: url });
      const trusted = metadataJson('trusted_metadata', input.trusted_metadata);
      const untrusted = metadataJson('untrusted_metadata', input.untrusted_metadata);
      const minutes = input.invite_expiration_minutes ?? project.magicLinkExpirationMinutes;
      const send: PreparedSend = {
        email: normaliseEmailAddress(input.email),
        // The invitation's link is a sign-up link: it goes to the invite URL either way.
        redirects: { login: redirects.signup, signup: redirects.signup },
        minutes: { login: minutes, signup: minutes },
        codeChallenge: null,
        locale: messageLocale(input.locale),
      };
      await deps.throttle.check(project, send.email, requester.ip);
      const answer = await inTransaction(deps.db, async (trx) => {
        const now = deps.clock.now();
        const existing = await userDirectory.findEmail(trx, project.id, send.email);
        let ids: SendResult;
        if (existing) {
          const owner = await userDirectory.lock(trx, project.id, existing.user_id);
          if (owner?.status !== 'pending')
            throw new ApiError('duplicate_email', {
              message:
                'An active user of this project has this email address: send them a login link instead.',
            });
          ids = { user_id: existing.user_id, email_id: existing.id };
        } else {
          const user = await userDirectory.create(trx, {
            id: newId('user', project.environment, deps.random),
            project_id: project.id,
            status: 'pending',
            first_name: input.name?.first_name ?? '',
            middle_name: input.name?.middle_name ?? '',
            last_name: input.name?.last_name ?? '',
            trusted_metadata: trusted,
            untrusted_metadata: untrusted,
            created_at: now,
            updated_at: now,
          });
          const email = await userDirectory.addEmailIfAbsent(trx, {
            id: newId('email', project.environment, deps.random),
            project_id: project.id,
            user_id: user.id,
            email: send.email,
            verified: false,
            created_at: now,
          });
          // Taken by a concurrent sign-up since the lookup: the transaction undoes the user.
          if (!email) throw new ApiError('duplicate_email');
          ids = { user_id: user.id, email_id: email.id };
          await announceUserEvent(trx, 'user.created', {
            events: deps.events,
            projectId: project.id,
            userId: user.id,
            now,
            ...(requester.actor ? { actor: requester.actor } : {}),
            ipAddress: requester.ip,
          });
        }
        await enqueueMagicLink(deps.deliveries, trx, project, send, {
          endpoint: 'login_or_create',
          purpose: 'signup',
          ...ids,
          create_account: null,
        });
        return ids;
      });
      deps.deliveries.notify();
      return answer;
    },

    async revokeInvite(project, typed) {
      const email = normaliseEmailAddress(typed);
      await inTransaction(deps.db, async (trx) => {
        const found = await userDirectory.findEmail(trx, project.id, email);
        const owner = found && (await userDirectory.lock(trx, project.id, found.user_id));
        if (owner?.status !== 'pending')
          throw new ApiError('email_not_found', { message: 'No pending invitation has this email address.' });
        // Serialised with issuance: a link being issued right now is revoked too, and a queued one
        // never goes out.
        await magicLinkRevocation.lockAddress(trx, project.id, email);
        await deps.deliveries.forget(trx, project.id, [email]);
        await magicLinkRevocation.revokeUnused(trx, project.id, email, deps.clock.now());
      });
    },
  };
}
