/** @module webhooks.routes — /v1/webhooks/endpoints…: a project's webhook endpoints, with its secret (a Latchkey addition). */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  WebhookDeliveriesListResponse,
  WebhookEndpointDeleteResponse,
  WebhookEndpointResponse,
  WebhookEndpointsListResponse,
  WebhookEndpointWithSecretResponse,
  WebhookEventTypesListResponse,
  WebhookReplayResponse,
  WebhookTestEventResponse,
} from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { projectOf } from '../../plugins/project-auth.js';
import { actingOperatorOf, projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import { requireRecentFactor } from '../operator-keys/step-up.js';
import type { Caller, WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WEBHOOK_EVENT_CATALOGUE } from './webhook-event-catalogue.js';
import {
  CreateEndpointBody,
  DeliveriesQuery,
  EndpointParams,
  ReplayBody,
  UpdateEndpointBody,
} from './webhooks.schemas.js';

export interface WebhooksRoutesOptions {
  db: Db;
  clock: Clock;
  endpoints: WebhookEndpointsService;
}

const BASE = '/v1/webhooks/endpoints';
const ONE = `${BASE}/:endpoint_id`;

export const webhooksRoutes: FastifyPluginAsyncTypebox<WebhooksRoutesOptions> = async (
  app,
  { db, clock, endpoints },
) => {
  app.addHook('onRequest', projectSecretHook(db));
  const callerOf = (request: FastifyRequest): Caller => ({
    project: projectOf(request),
    ipAddress: request.clientIp,
    actor: serverActor(request),
  });
  /** Deleting an endpoint or rotating its secret from the console needs a recent factor (step-up). */
  const stepUp = async (request: FastifyRequest) => {
    const operator = actingOperatorOf(request);
    if (operator) requireRecentFactor(operator, clock.now());
  };

  app.get(
    '/v1/webhooks/event_types',
    { schema: { response: { 200: WebhookEventTypesListResponse } } },
    async (request) => ({
      ...flatAnswerHead(request),
      event_types: WEBHOOK_EVENT_CATALOGUE,
    }),
  );

  app.post(
    BASE,
    { schema: { body: CreateEndpointBody, response: { 200: WebhookEndpointWithSecretResponse } } },
    async (request) => ({
      ...flatAnswerHead(request),
      ...(await endpoints.create(callerOf(request), request.body)),
    }),
  );

  app.get(BASE, { schema: { response: { 200: WebhookEndpointsListResponse } } }, async (request) => ({
    ...flatAnswerHead(request),
    endpoints: await endpoints.list(projectOf(request)),
  }));

  app.get(
    ONE,
    { schema: { params: EndpointParams, response: { 200: WebhookEndpointResponse } } },
    async (request) => ({
      ...flatAnswerHead(request),
      endpoint: await endpoints.get(projectOf(request), request.params.endpoint_id),
    }),
  );

  app.put(
    ONE,
    {
      schema: {
        params: EndpointParams,
        body: UpdateEndpointBody,
        response: { 200: WebhookEndpointResponse },
      },
    },
    async (request) => ({
      ...flatAnswerHead(request),
      endpoint: await endpoints.update(callerOf(request), request.params.endpoint_id, request.body),
    }),
  );

  app.delete(
    ONE,
    {
      schema: { params: EndpointParams, response: { 200: WebhookEndpointDeleteResponse } },
      preHandler: stepUp,
    },
    async (request) => {
      await endpoints.remove(callerOf(request), request.params.endpoint_id);
      return { ...flatAnswerHead(request), endpoint_id: request.params.endpoint_id };
    },
  );

  app.post(
    `${ONE}/rotate_secret`,
    {
      schema: { params: EndpointParams, response: { 200: WebhookEndpointWithSecretResponse } },
      preHandler: stepUp,
    },
    async (request) => ({
      ...flatAnswerHead(request),
      ...(await endpoints.rotateSecret(callerOf(request), request.params.endpoint_id)),
    }),
  );

  app.get(
    `${ONE}/deliveries`,
    {
      schema: {
        params: EndpointParams,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveriesListResponse },
      },
    },
    async (request) => ({
      ...flatAnswerHead(request),
      ...(await endpoints.deliveries(projectOf(request), request.params.endpoint_id, {
        limit: Number(request.query.limit ?? 20),
        ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
      })),
    }),
  );

  app.post(
    `${ONE}/replay`,
    { schema: { params: EndpointParams, body: ReplayBody, response: { 200: WebhookReplayResponse } } },
    async (request) => {
      await endpoints.replay(callerOf(request), request.params.endpoint_id, request.body.event_id);
      return {
        ...flatAnswerHead(request),
        endpoint_id: request.params.endpoint_id,
        event_id: request.body.event_id,
      };
    },
  );

  app.post(
    `${ONE}/send_test_event`,
    { schema: { params: EndpointParams, response: { 200: WebhookTestEventResponse } } },
    async (request) => {
      const eventId = await endpoints.sendTestEvent(callerOf(request), request.params.endpoint_id);
      return { ...flatAnswerHead(request), endpoint_id: request.params.endpoint_id, event_id: eventId };
    },
  );
};
