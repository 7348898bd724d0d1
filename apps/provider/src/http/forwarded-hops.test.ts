/** The hops of X-Forwarded-For and RFC 7239 Forwarded, left to right. */
import { describe, expect, it } from 'vitest';
import { forwardedHops } from './forwarded-hops.js';

describe('X-Forwarded-For', () => {
  it.each([
    ['203.0.113.7', ['203.0.113.7']],
    ['203.0.114.1, 203.0.113.7 , 127.0.0.1', ['203.0.114.1', '203.0.113.7', '127.0.0.1']],
    ['2001:DB8::1, ::ffff:192.0.2.9', ['2001:db8::1', '192.0.2.9']],
    ['192.0.2.9:4711, [2001:db8::1]:4711, [2001:db8::2]', ['192.0.2.9', '2001:db8::1', '2001:db8::2']],
    ['fe80::1%eth0', ['fe80::1']],
    ['unknown, nonsense, 1.2.3, 300.1.1.1, [192.0.2.1], 192.0.2.1:x', [null, null, null, null, null, null]],
    // RFC 9110 §5.6.1: empty list elements are ignored.
    ['203.0.113.7,, 198.51.100.2 ,', ['203.0.113.7', '198.51.100.2']],
  ])('%j → %j', (value, hops) => {
    expect(forwardedHops('x-forwarded-for', value)).toEqual(hops);
  });

  it('joins several header lines in order', () => {
    expect(forwardedHops('x-forwarded-for', ['203.0.114.1, 203.0.114.2', '203.0.113.7'])).toEqual([
      '203.0.114.1',
      '203.0.114.2',
      '203.0.113.7',
    ]);
  });

  it('an absent header lists nothing', () => {
    expect(forwardedHops('x-forwarded-for', undefined)).toEqual([]);
  });
});

describe('Forwarded (RFC 7239)', () => {
  it.each([
    ['for=192.0.2.43', ['192.0.2.43']],
    ['For="[2001:db8:cafe::17]:4711"', ['2001:db8:cafe::17']],
    ['for="[2001:db8:cafe::17]"', ['2001:db8:cafe::17']],
    ['for="192.0.2.43:47011";proto=https;by=203.0.113.43', ['192.0.2.43']],
    ['proto=https;for=192.0.2.60;by=203.0.113.43;', ['192.0.2.60']],
    ['for=192.0.2.43, for=198.51.100.17', ['192.0.2.43', '198.51.100.17']],
    ['for="[::ffff:192.0.2.9]"', ['192.0.2.9']],
    // §6.2 unknown and §6.3 obfuscated identifiers name no address.
    ['for=unknown, for=_hidden, for="_SEVKISEK:4711"', [null, null, null]],
    // An element without for= says nothing about the client.
    ['proto=https;by=203.0.113.43', [null]],
    // Malformed: no '=', a parameter twice, broken quoting, an unbracketed port on IPv6.
    ['for', [null]],
    ['for=192.0.2.1;for=192.0.2.2', [null]],
    ['for="192.0.2.1', [null]],
    ['for=192.0.2.1"', [null]],
    ['for="[2001:db8::1]', [null]],
    ['for=[2001:db8::1]:x', [null]],
    ['f o r=192.0.2.1', [null]],
  ])('%j → %j', (value, hops) => {
    expect(forwardedHops('forwarded', value)).toEqual(hops);
  });

  it('reads escapes inside a quoted string', () => {
    expect(forwardedHops('forwarded', 'for="192.0.2.\\43"')).toEqual(['192.0.2.43']);
  });

  it('splits at every comma, so an unterminated quote cannot swallow the entries on its right', () => {
    expect(forwardedHops('forwarded', 'for="6.6.6.6, for=198.51.100.17')).toEqual([null, '198.51.100.17']);
  });

  it('joins several header lines in order', () => {
    expect(forwardedHops('forwarded', ['for=192.0.2.1', 'for="[2001:db8::1]:80";proto=https'])).toEqual([
      '192.0.2.1',
      '2001:db8::1',
    ]);
  });
});
