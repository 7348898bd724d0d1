/** @module client-ip-key — the rate-limit key of a client address: IPv4 as is, IPv6 by its /64. */
import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 address (no zone, no embedded IPv4) to its eight groups as numbers. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail, ...rest] = address.split('::');
  if (rest.length > 0) return undefined;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The key that counts requests from `ip`. An IPv6 end user usually gets a whole /64 to choose
 * addresses from, so IPv6 addresses are counted per /64; IPv4-mapped IPv6 counts as the IPv4
 * address. Anything unparsable is counted as itself.
 */
export function clientIpKey(ip: string): string {
  const address = ip.trim().toLowerCase().split('%')[0] ?? '';
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  // An embedded dotted quad only ever sits in the low 32 bits, outside the /64.
  const groups = ipv6Groups(address.replace(/:\d+\.\d+\.\d+\.\d+$/, ':0:0'));
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
