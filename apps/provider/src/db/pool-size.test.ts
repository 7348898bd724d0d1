/** DATABASE_POOL_SIZE, and the PostgreSQL pool's size when it is unset. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { defaultPoolSize } from './pool-size.js';

describe('the default pool size', () => {
  it('is two connections per core, at least 4 and at most 20', () => {
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(4)).toBe(8);
    expect(defaultPoolSize(8)).toBe(16);
    expect(defaultPoolSize(64)).toBe(20);
  });

  it('is what the configuration holds when DATABASE_POOL_SIZE is unset or empty', () => {
    expect(loadConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: ' ' }).databasePoolSize).toBe(defaultPoolSize());
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('sets the pool size', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    expect(loadConfig({ DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(1);
  });

  it.each(['0', '-3', '2.5', 'ten', '1001'])('refuses to start with %j', (raw) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: raw })).toThrow(
      new ConfigError(`DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "${raw}"`),
    );
  });
});
