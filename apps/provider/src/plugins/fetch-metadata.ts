/**
 * @module fetch-metadata — refuses a state-changing request that the browser marked as cross-site
 * (`Sec-Fetch-Site: cross-site`) but that carries no `Origin`, like one with a foreign `Origin`
 * (issue 16; Fetch Metadata, W3C "Fetch Metadata Request Headers" §2.1; OWASP CSRF CS).
 *
 * The page-origin checks (plugins/project-auth.ts, the events route) let a request without
 * `Origin` through because servers and curl send none; a browser always sends one on a
 * cross-origin POST, so a cross-site request without it was stripped or forged on the way and is
 * not a server's call either (servers send no `Sec-Fetch-*` at all).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is meant to be reached by a cross-site form post and guards itself (the OAuth
     * callback's `form_post`, bound to the browser by its state cookie).
     */
    crossSiteFormPost?: boolean;
  }
}

/** Methods that change state; GET, HEAD and OPTIONS never do here (SECURITY B8). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Adds the check to every route; call once on the root instance, before the routes. */
export function registerFetchMetadataCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.headers.origin !== undefined) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site !== 'string' || site.trim().toLowerCase() !== 'cross-site') return;
    if (request.routeOptions.config?.crossSiteFormPost === true) return;
    throw new ApiError('invalid_origin', {
      message: 'A cross-site request without an Origin header is refused.',
    });
  });
}
