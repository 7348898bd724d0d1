/** @module oauth-one-tap.routes — the One Tap routes the client-side services frame calls (same-origin, JSON only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireProjectByPublicToken } from '../../plugins/project-auth.js';
import {
  OneTapStartBody,
  OneTapStartResponse,
  OneTapSubmitBody,
  OneTapSubmitResponse,
} from './oauth-one-tap.schemas.js';
import type { OneTapService } from './oauth-one-tap.service.js';

/**
 * `POST /v1/public/oauth/google/onetap/start` and `…/submit`. Only the frame calls them, from
 * the provider's own origin: they take JSON, so another site's page would need a preflight,
 * which nothing here grants. The page's origin is `parent_origin`, as the frame saw it.
 */
export const oauthOneTapRoutes: FastifyPluginAsyncTypebox<{ oneTap: OneTapService }> = async (
  app,
  options,
) => {
  // The frame names its project in the body: it has no SDK headers to send.
  const projectNamedIn = (request: { server: FastifyInstance; body: { public_token: string } }) =>
    requireProjectByPublicToken(request.server.projectLookup, request.body.public_token);

  app.post(
    '/v1/public/oauth/google/onetap/start',
    { schema: { body: OneTapStartBody, response: { 200: OneTapStartResponse } } },
    async (request) => {
      const project = await projectNamedIn(request);
      const started = await options.oneTap.start(project, request.body.parent_origin, request.clientIp);
      return { status_code: 200, request_id: request.id, ...started };
    },
  );

  app.post(
    '/v1/public/oauth/google/onetap/submit',
    { schema: { body: OneTapSubmitBody, response: { 200: OneTapSubmitResponse } } },
    async (request) => {
      const project = await projectNamedIn(request);
      const submitted = await options.oneTap.submit(project, request.body);
      return { status_code: 200, request_id: request.id, ...submitted };
    },
  );
};
