/** @module internal/uuid — RFC 9562 version-4 UUIDs from the injectable random source. */

import type { RandomValues } from '../options.js';

/** A random v4 UUID, lowercase, hyphenated. */
export function uuidV4(random: RandomValues): string {
  const bytes = new Uint8Array(16);
  random(bytes);
  // RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10xx in byte 8.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
