/** LATCHKEY_TRUSTED_PROXIES: none, a hop count, or addresses, ranges and named ranges. */
import { describe, expect, it } from 'vitest';
import { isListedProxy, parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';

function parsed(raw: string | undefined): TrustedProxies {
  const result = parseTrustedProxies(raw, 'LATCHKEY_TRUSTED_PROXIES');
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

function listed(raw: string, address: string): boolean {
  const value = parsed(raw);
  if (value.kind !== 'addresses') throw new Error(`not a list: ${value.kind}`);
  return isListedProxy(value.list, address);
}

describe('parseTrustedProxies', () => {
  it('unset, empty or 0 trusts nobody', () => {
    expect(parsed(undefined)).toEqual({ kind: 'none' });
    expect(parsed('  ')).toEqual({ kind: 'none' });
    expect(parsed('0')).toEqual({ kind: 'none' });
  });

  it('a bare integer is a hop count', () => {
    expect(parsed('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parsed(' 3 ')).toEqual({ kind: 'hops', hops: 3 });
  });

  it.each([
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '127.0.0.2', false],
    ['10.0.0.0/8', '10.200.3.4', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['::1', '::1', true],
    ['loopback', '127.9.9.9', true],
    ['loopback', '::1', true],
    ['uniquelocal', '172.31.255.255', true],
    ['uniquelocal', '172.32.0.1', false],
    ['uniquelocal', 'fd12:3456::1', true],
    ['linklocal', '169.254.1.1', true],
    ['linklocal', 'fe80::1', true],
    ['192.0.2.1, 198.51.100.0/24 ,loopback', '198.51.100.77', true],
    ['192.0.2.1, 198.51.100.0/24 ,loopback', '203.0.113.1', false],
    ['127.0.0.1', 'unknown', false],
  ])('%j lists %s: %s', (raw, address, expected) => {
    expect(listed(raw, address)).toBe(expected);
  });

  it.each([
    ['proxy.example.com', /not an IP address/],
    ['constructor', /not an IP address/],
    ['10.0.0.0/33', /prefix length/],
    ['2001:db8::/129', /prefix length/],
    ['0.0.0.0/0', /every address/],
    ['::/0', /every address/],
    ['10.0.0.0/8/8', /not an IP address/],
    ['10.0.0.0/x', /not an IP address/],
    ['127.0.0.1,', /not an IP address/],
    ['1, 10.0.0.1', /not an IP address/],
    ['::ffff:10.0.0.1', /write it as IPv4/],
    ['33', /at most 32 hops/],
  ])('refuses %j, saying why', (raw, problem) => {
    const result = parseTrustedProxies(raw, 'LATCHKEY_TRUSTED_PROXIES');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toMatch(/^LATCHKEY_TRUSTED_PROXIES/);
      expect(result.problem).toMatch(problem);
    }
  });
});
