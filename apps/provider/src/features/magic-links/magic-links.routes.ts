/** @module magic-links.routes — POST /magic_links/email/* and /magic_links/authenticate under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf, signedInCaller } from '../../plugins/project-auth.js';
import { requireCaptcha } from '../captcha/require-captcha.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { signInWithMagicLink } from './magic-link-sign-in.js';
import { AuthenticateBody, AuthenticateResponse, SendBody, SendResponse } from './magic-links.schemas.js';
import type { MagicLinksAuthenticateService } from './magic-links-authenticate.service.js';
import type { MagicLinksSendService, SendRequester } from './magic-links-send.service.js';

/** The client address (plugins/client-address.ts: forwarded headers only from the trusted proxies). */
function requesterOf(request: FastifyRequest): SendRequester {
  return { ip: request.clientIp };
}

/** What the magic-link routes need. */
export interface MagicLinksRoutesOptions extends SignInDeps {
  db: Db;
  send: MagicLinksSendService;
  redeem: MagicLinksAuthenticateService;
}

/**
 * The magic-link endpoints. All are POST: a mail scanner's GET or HEAD of a link reaches the
 * host page, never this API, so it cannot consume a token (SECURITY B8).
 */
export const magicLinksRoutes: FastifyPluginAsyncTypebox<MagicLinksRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());
  const sendSchema = { body: SendBody, response: { 200: SendResponse } };

  // The two signed-out sends differ only in whether an unknown address gets an account.
  const signedOutSends = {
    login_or_create: options.send.loginOrCreate,
    'send/primary': options.send.sendPrimary,
  };
  for (const [path, send] of Object.entries(signedOutSends)) {
    app.post(`/magic_links/email/${path}`, { schema: sendSchema }, async (request) => {
      const project = projectOf(request);
      await requireCaptcha(project, request);
      return ok(request, await send(project, request.body, requesterOf(request)));
    });
  }

  app.post('/magic_links/email/send/secondary', { schema: sendSchema }, async (request) => {
    const { project, session } = await signedInCaller(request, options.sessions);
    return ok(
      request,
      await options.send.sendSecondary(project, session.user_id, request.body, requesterOf(request)),
    );
  });

  app.post(
    '/magic_links/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      // The session, if any, comes in Basic auth.
      const { fields, emailId } = await signInWithMagicLink(
        options,
        projectOf(request),
        request.body,
        sessionAttributesOf(request),
        request.sessionToken,
      );
      return ok(request, { ...fields, method_id: emailId });
    },
  );
};
