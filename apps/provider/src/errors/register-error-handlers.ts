/** @module register-error-handlers — the one error path: every failure, and every unknown route, answers the wire's error body. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { handleError } from './error-handler.js';

/** Installs the error handler and the not-found handler on the root instance. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(() => {
    throw new ApiError('route_not_found');
  });
}
