/** @module clientside-services.routes — the hidden frame the client opens (spec §7), its script, and its phone-number route. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorCatalog } from '../../errors/catalog.js';
import { requireProjectByPublicToken } from '../../plugins/project-auth.js';
import {
  FramePageQuery,
  PhoneNumberExampleBody,
  PhoneNumberExampleResponse,
  PhoneNumberParseBody,
  PhoneNumberParseResponse,
} from './clientside-services.schemas.js';
import { CLIENTSIDE_SERVICES_PAGE, renderFrameErrorPage } from './clientside-services-page.js';
import { loadClientsideServicesScript } from './clientside-services-script.js';
import { FRAME_ERROR_CSP, frameCsp } from './frame-csp.js';
import { requireParentOrigin } from './parent-origin.js';
import { examplePhoneNumber } from './phone-number-example.js';
import { parsePhoneNumberInput } from './phone-number-parse.js';

/**
 * `GET /v1/public/clientside-services` (the frame page), `GET /v1/public/clientside-services.js`
 * (its script), `POST /v1/public/phone_numbers/parse` and `…/phone_numbers/example`. The frame's One Tap routes live in
 * features/oauth-one-tap. The POST takes JSON only, so another site's page cannot call it
 * without a preflight, which nothing here grants; the frame calls it same-origin.
 */
export const clientsideServicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const script = loadClientsideServicesScript();

  app.get(
    '/v1/public/clientside-services',
    { schema: { querystring: FramePageQuery } },
    async (request, reply) => {
      const project = await request.server.projectLookup.byPublicToken(request.query.public_token ?? '');
      reply
        .type('text/html; charset=utf-8')
        // The page depends on the project's allowed origins: never reuse an old copy.
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!project) {
        const { status, message } = errorCatalog.invalid_public_token;
        reply.code(status).header('content-security-policy', FRAME_ERROR_CSP);
        return renderFrameErrorPage('invalid_public_token', message);
      }
      reply.header('content-security-policy', frameCsp(project));
      return CLIENTSIDE_SERVICES_PAGE;
    },
  );

  app.get('/v1/public/clientside-services.js', async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return script;
  });

  app.post(
    '/v1/public/phone_numbers/parse',
    { schema: { body: PhoneNumberParseBody, response: { 200: PhoneNumberParseResponse } } },
    async (request) => {
      const { public_token, parent_origin, number, country } = request.body;
      const project = await requireProjectByPublicToken(request.server.projectLookup, public_token);
      requireParentOrigin(project, parent_origin);
      return { status_code: 200, request_id: request.id, ...parsePhoneNumberInput(number, country) };
    },
  );

  app.post(
    '/v1/public/phone_numbers/example',
    { schema: { body: PhoneNumberExampleBody, response: { 200: PhoneNumberExampleResponse } } },
    async (request) => {
      const { public_token, parent_origin, country } = request.body;
      const project = await requireProjectByPublicToken(request.server.projectLookup, public_token);
      requireParentOrigin(project, parent_origin);
      return { status_code: 200, request_id: request.id, phone_number: examplePhoneNumber(country) };
    },
  );
};
