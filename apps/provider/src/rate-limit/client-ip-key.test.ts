/** Client addresses → rate-limit keys. */
import { expect, it } from 'vitest';
import { clientIpKey } from './client-ip-key.js';

it.each([
  ['203.0.113.9', '203.0.113.9'],
  ['::ffff:203.0.113.9', '203.0.113.9'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:DB8:1:2::abcd', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ['not-an-ip', 'not-an-ip'],
])('%s → %s', (ip, key) => {
  expect(clientIpKey(ip)).toBe(key);
});

it('two addresses of one /64 share a key; neighbouring /64s do not', () => {
  expect(clientIpKey('2001:db8:a:b::1')).toBe(clientIpKey('2001:db8:a:b:ffff:ffff:ffff:ffff'));
  expect(clientIpKey('2001:db8:a:b::1')).not.toBe(clientIpKey('2001:db8:a:c::1'));
});
