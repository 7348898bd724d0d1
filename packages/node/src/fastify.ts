/**
 * @module fastify — `@latchkey/node/fastify`: a Fastify plugin that decorates `request.latchkey`
 * with the request's verified session (Fastify 5; fastify is only a type import here).
 */

import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import {
  type LatchkeyRequestSession,
  type LatchkeySessionOptions,
  resolveRequestSession,
  UNAUTHENTICATED_BODY,
} from './middleware/request-session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified Latchkey session, or null (set by the `latchkeyFastify` plugin). */
    latchkey: LatchkeyRequestSession | null;
  }
}

// Registered at the root and again in a scope (say with `required: true`), the plugin resolves a
// request's session once: the inner hook reuses what the outer one found with the same checks.
const resolvedWith = new WeakMap<object, LatchkeySessionOptions>();

function sameCheck(a: LatchkeySessionOptions, b: LatchkeySessionOptions): boolean {
  return (
    a.client === b.client &&
    (a.remote ?? 'fallback') === (b.remote ?? 'fallback') &&
    a.cookies?.sessionJwt === b.cookies?.sessionJwt &&
    a.cookies?.sessionToken === b.cookies?.sessionToken
  );
}

function register(
  fastify: FastifyInstance,
  options: LatchkeySessionOptions,
  done: (error?: Error) => void,
): void {
  if (!fastify.hasRequestDecorator('latchkey')) fastify.decorateRequest('latchkey', null);
  fastify.addHook('onRequest', async (request, reply) => {
    const earlier = resolvedWith.get(request.raw);
    if (earlier === undefined || !sameCheck(earlier, options)) {
      request.latchkey = await resolveRequestSession(options, request.headers);
      resolvedWith.set(request.raw, options);
    }
    if (request.latchkey === null && options.required) {
      return reply.code(401).send(UNAUTHENTICATED_BODY);
    }
  });
  done();
}

// What fastify-plugin sets: the hook and decoration apply to the scope the plugin is registered
// in (register it inside your own plugin to cover only that plugin's routes).
Object.assign(register, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@latchkey/node/fastify',
});

/**
 * Fastify plugin: `request.latchkey` is the verified session (local JWT verification first, the
 * provider as `options.remote` says) or `null`; with `required: true` a request without a valid
 * session is answered 401 before its handler.
 *
 * @example
 * await app.register(latchkeyFastify, { client: latchkey });
 * app.get('/account', async (request) => request.latchkey?.userId ?? null);
 */
export const latchkeyFastify: FastifyPluginCallback<LatchkeySessionOptions> = register;
