/**
 * The client address: the right-most address of [socket, …forwarded entries right to left] that
 * is not a trusted proxy (SECURITY I7, issue 16).
 */
import { describe, expect, it } from 'vitest';
import { type ClientAddressPolicy, resolveClientAddress, SOCKET_ONLY } from './client-address.js';
import type { ForwardedHeaderName } from './forwarded-hops.js';
import { parseTrustedProxies } from './trusted-proxies.js';

function policy(trusted: string, header: ForwardedHeaderName = 'x-forwarded-for'): ClientAddressPolicy {
  const parsed = parseTrustedProxies(trusted, 'LATCHKEY_TRUSTED_PROXIES');
  if (!parsed.ok) throw new Error(parsed.problem);
  return { trustedProxies: parsed.value, header };
}

const resolve = (p: ClientAddressPolicy, socketAddress: string | undefined, forwarded?: string | string[]) =>
  resolveClientAddress(p, { socketAddress, forwarded });

describe('no trusted proxy', () => {
  it('is the socket address; forwarded headers are ignored entirely', () => {
    expect(resolve(SOCKET_ONLY, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
    expect(resolve({ ...SOCKET_ONLY, header: 'forwarded' }, '198.51.100.9', 'for=203.0.113.7')).toBe(
      '198.51.100.9',
    );
  });

  it('normalises the socket address (IPv4-mapped, zone)', () => {
    expect(resolve(SOCKET_ONLY, '::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(resolve(SOCKET_ONLY, 'fe80::1%eth0')).toBe('fe80::1');
    expect(resolve(SOCKET_ONLY, undefined)).toBe('');
  });
});

describe('trusted proxies by address', () => {
  const one = policy('127.0.0.1');

  it('behind one trusted proxy, spoofed left-most entries are ignored', () => {
    expect(resolve(one, '127.0.0.1', '203.0.114.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(resolve(one, '127.0.0.1', ['203.0.114.1', '203.0.114.2, 203.0.113.7'])).toBe('203.0.113.7');
  });

  it('a dual-stack socket (::ffff:127.0.0.1) is the same trusted proxy', () => {
    expect(resolve(one, '::ffff:127.0.0.1', '203.0.114.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('a client that connects directly is itself, whatever it writes', () => {
    expect(resolve(one, '203.0.113.7', '127.0.0.1, 198.51.100.1')).toBe('203.0.113.7');
  });

  it('a request from the proxy without a header is the proxy', () => {
    expect(resolve(one, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('two trusted proxies: the first untrusted address from the right', () => {
    const two = policy('127.0.0.1, 10.0.0.0/8');
    expect(resolve(two, '127.0.0.1', '203.0.114.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A client may write an address in the trusted range, but only on the left of its own.
    expect(resolve(two, '127.0.0.1', '10.9.9.9, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
  });

  it('every entry trusted: the left-most one', () => {
    expect(resolve(policy('127.0.0.1, 10.0.0.0/8'), '127.0.0.1', '10.0.0.5, 10.0.0.6')).toBe('10.0.0.5');
  });

  it('an IPv6 client behind an IPv6 proxy', () => {
    expect(resolve(policy('::1'), '::1', '2001:db8:bad::1, 2001:DB8:1:2::abcd')).toBe('2001:db8:1:2::abcd');
  });

  it('a malformed or unknown entry in the trusted part stops the walk at the proxy that wrote it', () => {
    const two = policy('127.0.0.1, 10.0.0.0/8');
    for (const bad of ['garbage', 'unknown', '203.0.113', '[10.0.0.1]']) {
      expect(resolve(two, '127.0.0.1', `203.0.114.66, ${bad}, 10.1.2.3`)).toBe('10.1.2.3');
    }
    expect(resolve(one, '127.0.0.1', '203.0.114.66, not-an-ip')).toBe('127.0.0.1');
  });

  it('empty entries are skipped (RFC 9110 §5.6.1): no proxy writes one', () => {
    expect(resolve(one, '127.0.0.1', '203.0.114.66,, 203.0.113.7 ,')).toBe('203.0.113.7');
  });

  it('a malformed entry left of the client is never read', () => {
    expect(resolve(one, '127.0.0.1', 'garbage, 203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('trusted proxies by hop count', () => {
  it('one hop: the right-most entry, whatever the socket is', () => {
    expect(resolve(policy('1'), '192.0.2.200', '203.0.114.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('two hops: skips exactly two', () => {
    expect(resolve(policy('2'), '192.0.2.200', '203.0.114.1, 203.0.113.7, 192.0.2.100')).toBe('203.0.113.7');
  });

  it('a chain shorter than the hops gives its left-most address', () => {
    expect(resolve(policy('3'), '192.0.2.200', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolve(policy('2'), '192.0.2.200')).toBe('192.0.2.200');
  });

  it('a malformed entry within the hops stops at the hop before it', () => {
    expect(resolve(policy('2'), '192.0.2.200', '203.0.114.1, junk')).toBe('192.0.2.200');
    expect(resolve(policy('2'), '192.0.2.200', '203.0.114.1, unknown, 192.0.2.100')).toBe('192.0.2.100');
  });
});

describe('Forwarded (RFC 7239)', () => {
  const forwarded = policy('127.0.0.1', 'forwarded');

  it('reads for= with quoted IPv6 and ports', () => {
    expect(
      resolve(forwarded, '127.0.0.1', 'for=203.0.114.1, for="[2001:db8:cafe::17]:4711";proto=https'),
    ).toBe('2001:db8:cafe::17');
    expect(resolve(forwarded, '127.0.0.1', 'for="203.0.113.7:4711"')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For when Forwarded is the header read, and the other way round', () => {
    expect(resolveClientAddress(forwarded, { socketAddress: '127.0.0.1', forwarded: undefined })).toBe(
      '127.0.0.1',
    );
  });

  it('an obfuscated or unknown identifier from the proxy stops at the proxy', () => {
    expect(resolve(forwarded, '127.0.0.1', 'for=203.0.114.1, for=_hidden')).toBe('127.0.0.1');
    expect(resolve(forwarded, '127.0.0.1', 'for=203.0.114.1, for=unknown')).toBe('127.0.0.1');
  });

  it("a client's unterminated quote does not hide the proxy's entry", () => {
    expect(resolve(forwarded, '127.0.0.1', 'for="203.0.114.1, for=203.0.113.7')).toBe('203.0.113.7');
  });
});
