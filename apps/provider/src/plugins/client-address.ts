/**
 * @module client-address — `request.clientIp`, set once per request from the socket and the
 * trusted proxies (http/client-address.ts). Every per-network limit, the session's ip_address and
 * the captcha assessment read it; nothing in the provider reads Fastify's `request.ip`.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type ClientAddressPolicy, resolveClientAddress, SOCKET_ONLY } from '../http/client-address.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address (IPv4-mapped IPv6 as IPv4, no zone); see docs/provider-api.md#client-address. */
    clientIp: string;
  }
}

// The address resolved when the request's logger was made, kept on the raw request for the hook.
const resolvedClientIp = Symbol('resolvedClientIp');
type RawRequestWithClientIp = IncomingMessage & { [resolvedClientIp]?: string };

/**
 * Decorates every request with `clientIp` (by the socket alone unless `policy` trusts proxies); call once on the root instance, before the routes.
 * Every line of the request's log names the client as the limits count it, not the proxy: the
 * address is bound in the request's child logger itself (Fastify makes one per request anyway; a
 * second child per request was a few per cent of a session check's CPU, issue 18).
 */
export function registerClientAddress(app: FastifyInstance, policy: ClientAddressPolicy = SOCKET_ONLY): void {
  app.decorateRequest('clientIp', '');
  const resolve = (raw: IncomingMessage) =>
    resolveClientAddress(policy, {
      socketAddress: raw.socket?.remoteAddress,
      forwarded: raw.headers?.[policy.header],
    });
  app.setChildLoggerFactory((logger, bindings, options, raw: RawRequestWithClientIp) => {
    const clientIp = resolve(raw);
    raw[resolvedClientIp] = clientIp;
    return logger.child({ ...bindings, client_ip: clientIp }, options);
  });
  let warned = policy.trustedProxies.kind !== 'none';
  app.addHook('onRequest', async (request) => {
    const raw: RawRequestWithClientIp = request.raw;
    request.clientIp = raw[resolvedClientIp] ?? resolve(raw);
    const forwarded = request.headers[policy.header];
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
