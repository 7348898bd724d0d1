/**
 * @module dev-clock.routes — POST /dev/clock moves the provider's clock forward, so end-to-end
 * tests can cross expiry boundaries (codes, links, sessions) without waiting, as Keycloak's
 * testing endpoint does. Registered only in development mode with LATCHKEY_DEV_CLOCK=1.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { OffsetClock } from '../../clock.js';

const MAX_ADVANCE_SECONDS = 366 * 24 * 60 * 60;

const ClockState = Type.Object({ now: Type.String(), offset_seconds: Type.Number() });

/** The dev clock routes. */
export const devClockRoutes: FastifyPluginAsyncTypebox<{ clock: OffsetClock }> = async (app, { clock }) => {
  const state = () => ({ now: clock.now().toISOString(), offset_seconds: clock.offsetMs() / 1000 });

  app.get('/dev/clock', { schema: { response: { 200: ClockState } } }, async () => state());

  app.post(
    '/dev/clock',
    {
      schema: {
        body: Type.Object(
          { advance_seconds: Type.Integer({ minimum: 0, maximum: MAX_ADVANCE_SECONDS }) },
          { additionalProperties: false },
        ),
        response: { 200: ClockState },
      },
    },
    async (request) => {
      clock.advance(request.body.advance_seconds * 1000);
      return state();
    },
  );
};
