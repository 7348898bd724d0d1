/** @module cors — per-project CORS for /sdk/v1 (wire/README.md "CORS", SECURITY I1 and I6). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';

/** wire/README.md: the headers Chromium lists in the SDK's preflights. */
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-sdk-client, x-sdk-parent-host';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/** Decides whether an origin may call the browser-facing API at all. */
export type OriginGate = (origin: string) => Promise<boolean>;

const SDK_PREFIX = '/sdk/v1/';

function isSdkPath(url: string): boolean {
  return url.startsWith(SDK_PREFIX);
}

/**
 * A preflight carries no credentials, so it cannot be tied to one project: it is answered for
 * origins that some project accepts. The actual request is then checked against its own project
 * (plugins/project-auth.ts), which turns a foreign origin into 403 invalid_origin.
 */
export function registerCors(app: FastifyInstance, gate: OriginGate): void {
  app.decorateRequest('originAllowed', false);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!isSdkPath(request.url) || origin === undefined) return;
    // Caches must key on Origin whether or not this origin is allowed (OWASP CSRF CS).
    reply.header('vary', 'Origin');
    request.originAllowed = await gate(origin);
    if (request.originAllowed) {
      reply.header('access-control-allow-origin', origin);
      // SECURITY I6: the official SDK's 6.x majors fetch with `credentials: 'include'`, and the
      // browser drops a credentialed answer without this. Only ever beside the echoed origin,
      // never `*` (the Fetch standard forbids the pair); /sdk/v1 authenticates by the Basic
      // header alone, so cookies the browser attaches grant nothing here.
      reply.header('access-control-allow-credentials', 'true');
      // A 429's Retry-After is not a CORS-safelisted header: the SDK could not read it otherwise.
      reply.header('access-control-expose-headers', 'Retry-After');
    }
  });

  app.options('/sdk/v1/*', async (request, reply) => {
    if (request.headers.origin === undefined || !request.originAllowed) {
      throw new ApiError('invalid_origin');
    }
    reply
      .code(204)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', '600');
    return reply.send();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the request's Origin is accepted by some project (set for /sdk/v1 only). */
    originAllowed: boolean;
  }
}
