/** One spelling per IP address. */
import { expect, it } from 'vitest';
import { normalizeIp } from './ip-address.js';

it.each([
  ['203.0.113.9', '203.0.113.9'],
  [' 203.0.113.9 ', '203.0.113.9'],
  ['::ffff:203.0.113.9', '203.0.113.9'],
  ['::FFFF:cb00:7109', '203.0.113.9'],
  ['2001:DB8::1', '2001:db8::1'],
  ['fe80::1%eth0', 'fe80::1'],
  ['::1', '::1'],
])('%j → %j', (raw, normalised) => {
  expect(normalizeIp(raw)).toBe(normalised);
});

it.each([
  '',
  'unknown',
  '_hidden',
  '203.0.113',
  '203.0.113.256',
  '1.2.3.4:80',
  '[::1]',
  '01.2.3.4',
  'localhost',
])('%j is not an address', (raw) => {
  expect(normalizeIp(raw)).toBeUndefined();
});
