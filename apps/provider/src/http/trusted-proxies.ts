/**
 * @module trusted-proxies — which hops in front of the server may say who the client is:
 * none (the default), a number of hops, or a list of addresses, CIDR ranges and named ranges.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import { normalizeIp } from './ip-address.js';

/** The proxies whose forwarded headers are believed. */
export type TrustedProxies =
  | { kind: 'none' }
  /** Exactly this many hops, counting the socket's peer as the first, are the operator's proxies. */
  | { kind: 'hops'; hops: number }
  /** Every address in `list` is one of the operator's proxies, wherever it stands in the chain. */
  | { kind: 'addresses'; list: BlockList };

/** The outcome of reading a setting: the value, or a sentence saying what is wrong with it. */
export type TrustedProxiesParse = { ok: true; value: TrustedProxies } | { ok: false; problem: string };

/** Named ranges, as proxy-addr (Express, Fastify) names them. */
const NAMED_RANGES: ReadonlyMap<string, readonly string[]> = new Map([
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/** The most hops anyone puts in front of a server; a bigger number is a typo. */
const MAX_HOPS = 32;

/** Adds one address or CIDR range to `list`; a sentence when it is not one. */
function addRange(list: BlockList, entry: string): string | undefined {
  const [rawAddress = '', prefixText, ...extra] = entry.split('/');
  const address = normalizeIp(rawAddress);
  if (
    extra.length > 0 ||
    address === undefined ||
    (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))
  ) {
    return `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8, 2001:db8::/32) or one of ${[...NAMED_RANGES.keys()].join(', ')}`;
  }
  const type = isIPv4(address) ? 'ipv4' : 'ipv6';
  if (type === 'ipv4' && !isIPv4(rawAddress.trim())) {
    // Clients are compared as IPv4 once unmapped; so are the proxies, written the one way.
    return `"${entry}" is an IPv4-mapped IPv6 address; write it as IPv4 (${address})`;
  }
  const bits = type === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix === 0) {
    return `"${entry}" would trust every address, which lets any client name itself; list your proxies' addresses`;
  }
  if (prefix > bits) return `"${entry}" has a prefix length over ${bits}`;
  list.addSubnet(address, prefix, type);
  return undefined;
}

/**
 * Reads a trusted-proxy setting: empty → none; a bare integer → that many hops; otherwise a
 * comma-separated list of IP addresses, CIDR ranges and the names loopback, linklocal and
 * uniquelocal. `name` is the variable, for the sentence that says what is wrong.
 */
export function parseTrustedProxies(raw: string | undefined, name: string): TrustedProxiesParse {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: { kind: 'none' } };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS)
      return { ok: false, problem: `${name} must be at most ${MAX_HOPS} hops, got ${text}` };
    return { ok: true, value: hops === 0 ? { kind: 'none' } : { kind: 'hops', hops } };
  }
  const list = new BlockList();
  for (const rawEntry of text.split(',')) {
    const entry = rawEntry.trim();
    const named = NAMED_RANGES.get(entry.toLowerCase());
    for (const range of named ?? [entry]) {
      const problem = addRange(list, range);
      if (problem) return { ok: false, problem: `${name}: ${problem}` };
    }
  }
  return { ok: true, value: { kind: 'addresses', list } };
}

/** Whether `address` (normalised) is in the list of trusted proxies; anything but an IP address is not. */
export function isListedProxy(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
