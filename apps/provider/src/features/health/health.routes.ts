/** @module health.routes — GET / for probes (docs/contracts.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** The health endpoint. It does not touch the database, so it answers while Postgres restarts. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        response: {
          200: Type.Object({ name: Type.Literal('latchkey-provider'), status: Type.Literal('ok') }),
        },
      },
    },
    async () => ({ name: 'latchkey-provider' as const, status: 'ok' as const }),
  );
};
