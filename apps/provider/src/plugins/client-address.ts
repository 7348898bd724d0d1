/**
 * @module client-address — `request.clientIp`, set once per request from the socket and the
 * trusted proxies (http/client-address.ts). Every per-network limit, the session's ip_address and
 * the captcha assessment read it; nothing in the provider reads Fastify's `request.ip`.
 */
import type { FastifyInstance } from 'fastify';
import { type ClientAddressPolicy, resolveClientAddress } from '../http/client-address.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address (IPv4-mapped IPv6 as IPv4, no zone); see docs/provider-api.md#client-address. */
    clientIp: string;
  }
}

/** Decorates every request with `clientIp`; call once on the root instance, before the routes. */
export function registerClientAddress(app: FastifyInstance, policy: ClientAddressPolicy): void {
  app.decorateRequest('clientIp', '');
  let warned = policy.trustedProxies.kind !== 'none';
  app.addHook('onRequest', async (request, reply) => {
    const forwarded = request.headers[policy.header];
    request.clientIp = resolveClientAddress(policy, {
      socketAddress: request.socket.remoteAddress,
      forwarded,
    });
    // Every later line of this request names the client as the limits count it, not the proxy.
    request.log = request.log.child({ client_ip: request.clientIp });
    reply.log = request.log;
    if (!warned && (forwarded !== undefined || request.headers.forwarded !== undefined)) {
      // Once per process: a deployment behind a proxy that forgot the setting counts every
      // visitor as the proxy, so per-network limits are shared by all of them.
      warned = true;
      request.log.warn(
        'a forwarded header arrived but LATCHKEY_TRUSTED_PROXIES is not set: it is ignored and the socket address counts (docs/provider-api.md#client-address)',
      );
    }
  });
}
