/** @module ip-address — one spelling per IP address, so one client is one key wherever it is counted or compared. */
import { isIPv4, isIPv6 } from 'node:net';

/** IPv4-mapped IPv6, dotted (`::ffff:192.0.2.1`) or in hex groups (`::ffff:c000:201`). */
const MAPPED_DOTTED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * `raw` as an IP address: lower case, without an IPv6 zone (`%eth0`), and an IPv4-mapped IPv6
 * address as the IPv4 address it carries (a dual-stack socket reports `::ffff:127.0.0.1` for a
 * client of 127.0.0.1). Anything that is not an IP address gives undefined.
 */
export function normalizeIp(raw: string): string | undefined {
  const address = raw.trim().toLowerCase();
  if (isIPv4(address)) return address;
  const unzoned = address.split('%')[0] ?? '';
  if (!isIPv6(unzoned)) return undefined;
  const dotted = MAPPED_DOTTED.exec(unzoned)?.[1];
  if (dotted !== undefined && isIPv4(dotted)) return dotted;
  const hex = MAPPED_HEX.exec(unzoned);
  if (hex) {
    const high = Number.parseInt(hex[1] as string, 16);
    const low = Number.parseInt(hex[2] as string, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return unzoned;
}
