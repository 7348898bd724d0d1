/** The read-through TTL cache: expiry by the injected clock, misses and failures never kept, bounded size. */
import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';
import { createTtlCache } from './ttl-cache.js';

function counter<V>(values: (V | undefined)[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)],
    get calls() {
      return calls;
    },
  };
}

describe('createTtlCache', () => {
  it('serves a found value until ttlMs has passed on the injected clock, then loads again', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 10 });
    const source = counter(['first', 'second']);
    expect(await cache.get('k', source.load)).toBe('first');
    clock.advance(4_999);
    expect(await cache.get('k', source.load)).toBe('first');
    expect(source.calls).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', source.load)).toBe('second');
    expect(source.calls).toBe(2);
  });

  it('never keeps a miss: the value is found as soon as it exists', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 10 });
    const source = counter([undefined, 'created']);
    expect(await cache.get('k', source.load)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', source.load)).toBe('created');
  });

  it('never keeps a failed load', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('shares one load between concurrent callers of a key', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 10 });
    const source = counter(['once']);
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', source.load)));
    expect(results).toEqual(['once', 'once', 'once']);
    expect(source.calls).toBe(1);
  });

  it('treats a clock moved backwards as stale', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 10 });
    const source = counter(['before', 'after']);
    await cache.get('k', source.load);
    clock.advance(-1);
    expect(await cache.get('k', source.load)).toBe('after');
  });

  it('drops the oldest entry past maxEntries', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 5_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const a = counter(['a again']);
    expect(await cache.get('a', a.load)).toBe('a again');
    const c = counter(['c again']);
    expect(await cache.get('c', c.load)).toBe('c');
  });

  it('with ttlMs 0 keeps nothing', async () => {
    const clock = createManualClock();
    const cache = createTtlCache<string, string>({ clock, ttlMs: 0, maxEntries: 10 });
    const source = counter(['one', 'two']);
    expect(await cache.get('k', source.load)).toBe('one');
    expect(await cache.get('k', source.load)).toBe('two');
  });
});
