/** @module events.routes — POST /events under /sdk/v1: telemetry, no Authorization. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { ok } from '../../http/envelope.js';
import { EventsBody, EventsResponse } from './events.schemas.js';
import { storeEventsBatch } from './events.service.js';

/** The telemetry endpoint. */
export const eventsRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, options) => {
  app.post(
    '/events',
    { schema: { body: EventsBody, response: { 200: EventsResponse } } },
    async (request) => {
      const origin = request.headers.origin ?? null;
      // No credentials here, so the origin is checked against every project (as for preflights).
      if (origin !== null && !request.originAllowed) throw new ApiError('invalid_origin');
      await storeEventsBatch(options, request.body, origin);
      return ok(request, {});
    },
  );
};
