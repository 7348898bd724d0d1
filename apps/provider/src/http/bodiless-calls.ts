/** @module bodiless-calls — a bodiless POST without Content-Type validates like `{}` (wire/README.md "Bodiless calls"). */
import type { FastifyInstance } from 'fastify';

/** Gives every bodiless non-GET call an empty object body before validation. */
export function registerBodilessCalls(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD')
      request.body = {};
  });
}
