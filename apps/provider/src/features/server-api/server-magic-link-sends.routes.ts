/**
 * @module server-magic-link-sends.routes — `POST /v1/magic_links/email/send|login_or_create|invite|revoke_invite`
 * with Basic project_id:secret: the browser's sends (same checks, limits, queue and links), for an
 * integrator's server. The caller holds the secret, so unlike the browser's answers these say
 * whether an address has an account (`email_not_found`, `user_created`), as the hosted provider's do.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import type { MagicLinkInvites } from '../magic-links/magic-link-invites.js';
import { prepareSend } from '../magic-links/magic-link-issue.js';
import type { MagicLinksSendService, SendRequester } from '../magic-links/magic-links-send.service.js';
import { userDirectory } from '../users/user-directory.js';
import { endUserIp, type ServerCallerDeps, signedInUserFromBody } from './server-caller.js';
import {
  ServerEmailLoginOrCreateResponse,
  ServerEmailSendResponse,
  ServerMagicLinkInviteBody,
  ServerMagicLinkLoginOrCreateBody,
  ServerMagicLinkRevokeInviteBody,
  ServerMagicLinkSendBody,
  ServerMagicLinksRevokeInviteResponse,
} from './server-magic-link-sends.schemas.js';

/** What the server-facing magic-link sends need. */
export interface ServerMagicLinkSendsRoutesOptions {
  db: Db;
  send: MagicLinksSendService;
  invites: MagicLinkInvites;
  caller: ServerCallerDeps;
}

/** The end user's address (for the send limits) and the project as the actor. */
function requesterOf(request: FastifyRequest, attributes?: { ip_address?: string }): SendRequester {
  return { ip: endUserIp(request, attributes), actor: serverActor(request) };
}

export const serverMagicLinkSendsRoutes: FastifyPluginAsyncTypebox<
  ServerMagicLinkSendsRoutesOptions
> = async (app, options) => {
  const onRequest = projectSecretHook(options.db);

  app.post(
    '/v1/magic_links/email/send',
    { onRequest, schema: { body: ServerMagicLinkSendBody, response: { 200: ServerEmailSendResponse } } },
    async (request) => {
      const project = projectOf(request);
      const { attributes, user_id, session_token, session_jwt, ...input } = request.body;
      // The redirect URLs and PKCE are checked before anything is looked up.
      const { email } = prepareSend(project, input);
      const requester = requesterOf(request, attributes);
      const signedIn = await signedInUserFromBody(options.caller, project, request.body);
      const owner = await userDirectory.findEmail(options.db, project.id, email);
      if (signedIn === undefined) {
        if (!owner)
          throw new ApiError('email_not_found', {
            message: 'No user of this project has this email address.',
          });
        return { ...flatAnswerHead(request), ...(await options.send.sendPrimary(project, input, requester)) };
      }
      // Adding an address: the link attaches it when used, with the user's session (issue 16).
      if (owner && owner.user_id !== signedIn) throw new ApiError('duplicate_email');
      return {
        ...flatAnswerHead(request),
        ...(await options.send.sendSecondary(project, signedIn, input, requester)),
      };
    },
  );

  app.post(
    '/v1/magic_links/email/login_or_create',
    {
      onRequest,
      schema: { body: ServerMagicLinkLoginOrCreateBody, response: { 200: ServerEmailLoginOrCreateResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const { attributes, ...input } = request.body;
      const answer = await options.send.loginOrCreate(project, input, requesterOf(request, attributes));
      return { ...flatAnswerHead(request), ...answer };
    },
  );

  app.post(
    '/v1/magic_links/email/invite',
    { onRequest, schema: { body: ServerMagicLinkInviteBody, response: { 200: ServerEmailSendResponse } } },
    async (request) => {
      const project = projectOf(request);
      const requester = requesterOf(request, request.body.attributes);
      return {
        ...flatAnswerHead(request),
        ...(await options.invites.invite(project, request.body, requester)),
      };
    },
  );

  app.post(
    '/v1/magic_links/email/revoke_invite',
    {
      onRequest,
      schema: {
        body: ServerMagicLinkRevokeInviteBody,
        response: { 200: ServerMagicLinksRevokeInviteResponse },
      },
    },
    async (request) => {
      await options.invites.revokeInvite(projectOf(request), request.body.email);
      return flatAnswerHead(request);
    },
  );
};
