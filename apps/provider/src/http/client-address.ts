/**
 * @module client-address — who sent a request: the socket's peer, or, behind the operator's
 * proxies, the right-most address of the forwarded chain that is not one of them (RFC 7239 §7.4,
 * SECURITY I7). Pure: the request decoration lives in plugins/client-address.ts.
 */
import { type ForwardedHeaderName, type ForwardedHop, forwardedHops } from './forwarded-hops.js';
import { normalizeIp } from './ip-address.js';
import { isListedProxy, type TrustedProxies } from './trusted-proxies.js';

/** How the provider finds a client's address (LATCHKEY_TRUSTED_PROXIES, LATCHKEY_FORWARDED_HEADER). */
export interface ClientAddressPolicy {
  trustedProxies: TrustedProxies;
  /** The one forwarded header that is read; the other is ignored entirely. */
  header: ForwardedHeaderName;
}

/** No proxy is trusted: the socket's peer is the client and forwarded headers are ignored. */
export const SOCKET_ONLY: ClientAddressPolicy = {
  trustedProxies: { kind: 'none' },
  header: 'x-forwarded-for',
};

/** What a request says about its sender. */
export interface RequestAddresses {
  /** The TCP peer's address; undefined once the socket is gone. */
  socketAddress: string | undefined;
  /** The policy's forwarded header, every line of it. */
  forwarded: string | readonly string[] | undefined;
}

/**
 * The client's address. The chain is the socket's peer, then the forwarded entries from right to
 * left; each trusted hop vouches for the next one only. So the answer is the first address that
 * is not a trusted proxy (with a hop count: the address after exactly that many hops), and what
 * stands further left, which the client wrote, is never read. A hop that names no address
 * (`unknown`, obfuscated, malformed) ends the walk at the last address known: the proxy that wrote
 * it, never an entry the client could have written. A chain that ends before the walk does gives
 * its left-most address.
 */
export function resolveClientAddress(policy: ClientAddressPolicy, request: RequestAddresses): string {
  const socket = normalizeIp(request.socketAddress ?? '') ?? request.socketAddress ?? '';
  const { trustedProxies } = policy;
  const vouches = (address: string, hop: number) =>
    trustedProxies.kind === 'hops'
      ? hop < trustedProxies.hops
      : trustedProxies.kind === 'addresses' && isListedProxy(trustedProxies.list, address);
  if (!vouches(socket, 0)) return socket;
  const hops: ForwardedHop[] = forwardedHops(policy.header, request.forwarded).reverse();
  let client = socket;
  for (let hop = 0; hop < hops.length && vouches(client, hop); hop += 1) {
    const next = hops[hop];
    if (next === null || next === undefined) return client;
    client = next;
  }
  return client;
}
