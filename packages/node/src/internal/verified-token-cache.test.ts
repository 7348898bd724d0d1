import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { passesTimeChecks, type VerifiedToken, VerifiedTokenCache } from './verified-token-cache.js';

function entry(claims: { exp: number; nbf?: number; iat?: number }): VerifiedToken<unknown> {
  return {
    token: '',
    result: claims,
    settled: Promise.resolve(claims),
    exp: claims.exp,
    nbf: claims.nbf,
    iat: claims.iat,
    header: { alg: 'ES256' },
    keyInput: { protected: '', payload: '', signature: '' },
    key: {},
    keySetVersion: 1,
    recentlyUsed: false,
  };
}

/** What jose itself decides for the same claims and options (its claim validation, no signature). */
function josePasses(
  claims: Record<string, number>,
  options: { nowSeconds: number; clockTolerance: number; maxTokenAge: number | undefined },
): boolean {
  const jwt = new UnsecuredJWT(claims).encode();
  try {
    UnsecuredJWT.decode(jwt, {
      currentDate: new Date(options.nowSeconds * 1000),
      clockTolerance: options.clockTolerance,
      ...(options.maxTokenAge === undefined ? {} : { maxTokenAge: options.maxTokenAge }),
    });
    return true;
  } catch {
    return false;
  }
}

describe('VerifiedTokenCache', () => {
  it('evicts the oldest entry not used since it was last considered', () => {
    const cache = new VerifiedTokenCache<unknown>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, entry({ exp: 1 }));
    cache.get('a');
    cache.set('d', entry({ exp: 1 }));
    cache.set('e', entry({ exp: 1 }));

    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    for (const key of ['a', 'd', 'e']) expect(cache.get(key)).toBeDefined();
  });

  it('never holds more than its maximum, however entries are used', () => {
    const cache = new VerifiedTokenCache<unknown>(10);
    for (let index = 0; index < 500; index += 1) {
      cache.set(`token-${index}`, entry({ exp: 1 }));
      for (let back = 0; back < index; back += 7) cache.get(`token-${back}`);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    expect(cache.get('token-499')).toBeDefined();
  });

  it('stores nothing when its maximum is 0', () => {
    const cache = new VerifiedTokenCache<unknown>(0);
    cache.set('a', entry({ exp: 1 }));
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('hits only a token equal in every character, even when another token shares its slot', () => {
    const cache = new VerifiedTokenCache<unknown>(10);
    const stored = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXNlZ21lbnQ';
    cache.set(stored, entry({ exp: 1 }));
    // Same signature, so the same slot: a changed header or payload byte, a longer or shorter token.
    const sameSlot = [
      stored.replace('eyJhbGci', 'eyJhbGcj'),
      stored.replace('eyJzdWIi', 'eyJzdWIj'),
      `x${stored}`,
      stored.slice(1),
    ];
    for (const other of sameSlot) {
      expect(VerifiedTokenCache.slotOf(other)).toBe(VerifiedTokenCache.slotOf(stored));
      expect(cache.get(other)).toBeUndefined();
    }
    expect(cache.get(`${stored.slice(0, -1)}x`)).toBeUndefined(); // another slot
    // A copy built at run time (another string object, as a request header gives) still hits.
    expect(cache.get(Buffer.from(stored).toString())).toBeDefined();
  });

  it('keeps an own copy of a stored token, not the larger string it was sliced from', () => {
    const cache = new VerifiedTokenCache<unknown>(10);
    const cookieHeader = `other=secret-value; session_jwt=${'a'.repeat(40)}.${'b'.repeat(40)}.${'c'.repeat(40)}`;
    const jwt = cookieHeader.slice(cookieHeader.indexOf('session_jwt=') + 'session_jwt='.length);
    const stored = entry({ exp: 1 });
    cache.set(jwt, stored);
    expect(stored.token).toBe(jwt);
    expect(stored.keyInput.protected).toBe('a'.repeat(40));
    expect(cache.get(jwt)).toBe(stored);
  });

  it('deletes only the token asked for, never another in the same slot', () => {
    const cache = new VerifiedTokenCache<unknown>(10);
    const stored = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXNlZ21lbnQ';
    cache.set(stored, entry({ exp: 1 }));
    cache.delete(stored.replace('eyJzdWIi', 'eyJzdWIj'));
    expect(cache.get(stored)).toBeDefined();
    cache.delete(stored);
    expect(cache.size).toBe(0);
  });
});

describe('passesTimeChecks', () => {
  it('agrees with jose at and around every exp, nbf and iat boundary', () => {
    const iat = 1_900_000_000;
    const cases: Array<[Record<string, number>, number, number, number | undefined]> = [];
    for (const offset of [
      -40, -31, -30, -6, -5, -4, -1, 0, 1, 4, 5, 6, 30, 31, 299, 300, 301, 304, 305, 306,
    ]) {
      for (const tolerance of [0, 5, 30]) {
        for (const maxTokenAge of [undefined, 0, 60, 300]) {
          cases.push([{ iat, exp: iat + 300 }, iat + offset, tolerance, maxTokenAge]);
          cases.push([{ iat, nbf: iat, exp: iat + 300 }, iat + offset, tolerance, maxTokenAge]);
          cases.push([{ iat, nbf: iat + 10, exp: iat + 300 }, iat + offset, tolerance, maxTokenAge]);
        }
      }
    }
    for (const [claims, nowSeconds, clockTolerance, maxTokenAge] of cases) {
      const options = { nowSeconds, clockTolerance, maxTokenAge };
      const ours = passesTimeChecks(
        entry(claims as { exp: number }),
        nowSeconds,
        clockTolerance,
        maxTokenAge,
      );
      expect({ claims, options, passes: ours }).toEqual({
        claims,
        options,
        passes: josePasses(claims, options),
      });
    }
  });
});
