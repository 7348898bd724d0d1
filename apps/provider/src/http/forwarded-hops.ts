/**
 * @module forwarded-hops — the addresses a forwarded header lists, left (furthest) to right
 * (nearest): `X-Forwarded-For` or RFC 7239 `Forwarded`'s `for=` parameters.
 */
import { isIPv4 } from 'node:net';
import { normalizeIp } from './ip-address.js';

/** The header that carries the chain; only one is ever read (see docs/provider-api.md#client-address). */
export type ForwardedHeaderName = 'x-forwarded-for' | 'forwarded';

/** One hop: its normalised IP address, or null when it named none (unknown, obfuscated, malformed). */
export type ForwardedHop = string | null;

/** IPv4 with a port (`192.0.2.1:4711`), as some proxies write it. */
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
/** A bracketed IPv6 address, optionally with a port (`[2001:db8::1]:4711`). */
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/;

/** An IP address with or without a port and brackets, as a node of either header; null otherwise. */
function nodeAddress(node: string): ForwardedHop {
  const withPort = IPV4_WITH_PORT.exec(node)?.[1];
  if (withPort !== undefined) return isIPv4(withPort) ? withPort : null;
  const bracketed = BRACKETED_IPV6.exec(node)?.[1];
  if (bracketed !== undefined) return bracketed.includes(':') ? (normalizeIp(bracketed) ?? null) : null;
  return normalizeIp(node) ?? null;
}

/** The unquoted value of a `Forwarded` parameter (RFC 7230 §3.2.6 quoted-string), or null if the quoting is broken. */
function unquote(value: string): string | null {
  if (!value.startsWith('"')) return value.includes('"') || value.includes('\\') ? null : value;
  if (value.length < 2 || !value.endsWith('"')) return null;
  let out = '';
  for (let i = 1; i < value.length - 1; i += 1) {
    const char = value[i] as string;
    if (char === '"') return null;
    if (char === '\\') {
      i += 1;
      if (i >= value.length - 1) return null;
      out += value[i];
    } else out += char;
  }
  return out;
}

/**
 * The `for=` node of one forwarded-element, or null when it has none, names none (`unknown`,
 * an obfuscated `_id`) or is malformed (a pair without `=`, a parameter twice, broken quotes).
 */
function forwardedElementHop(element: string): ForwardedHop {
  const seen = new Set<string>();
  let node: string | null = null;
  for (const pair of element.split(';')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue; // forwarded-element = [ pair ] *( ";" [ pair ] )
    const eq = trimmed.indexOf('=');
    if (eq <= 0) return null;
    const name = trimmed.slice(0, eq).trim().toLowerCase();
    if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name) || seen.has(name)) return null;
    seen.add(name);
    const value = unquote(trimmed.slice(eq + 1).trim());
    if (value === null) return null;
    if (name === 'for') node = value;
  }
  return node === null ? null : nodeAddress(node);
}

/** The header's lines, joined in the order they came (RFC 9110 §5.3). */
function joinedLines(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(',');
}

/**
 * The hops `value` lists, left to right. Entries are split at every comma, quoted or not: no
 * node identifier contains one, and so a client-written unterminated quote on the left cannot
 * swallow the entries that the proxies append on its right. An absent header lists none.
 */
export function forwardedHops(
  header: ForwardedHeaderName,
  value: string | readonly string[] | undefined,
): ForwardedHop[] {
  const text = joinedLines(value);
  if (text === undefined) return [];
  return (
    text
      .split(',')
      // RFC 9110 §5.6.1: empty list elements are ignored. Only the client writes any: the
      // proxies' own entries, on the right, are never empty.
      .filter((entry) => entry.trim() !== '')
      .map((entry) => (header === 'forwarded' ? forwardedElementHop(entry) : nodeAddress(entry.trim())))
  );
}
