/** argon2id hashing, rehash detection and the concurrency limit (SECURITY K2). */
import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';
import { createPasswordHasher, PRODUCTION_ARGON2 } from './password-hasher.js';

const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('password hasher', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hasher = createPasswordHasher({ parameters: cheap });
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored, 'correct horsE')).toBe(false);
    expect(await hasher.verify('not a hash', 'correct horse')).toBe(false);
    await expect(hasher.dummyVerify('anything')).resolves.toBeUndefined();
  });

  it('needsRehash when the parameters differ', async () => {
    const stored = await createPasswordHasher({ parameters: cheap }).hash('pw');
    expect(createPasswordHasher({ parameters: cheap }).needsRehash(stored)).toBe(false);
    expect(createPasswordHasher({ parameters: { ...cheap, timeCost: 2 } }).needsRehash(stored)).toBe(true);
    expect(createPasswordHasher().needsRehash(stored)).toBe(true);
    expect(createPasswordHasher().needsRehash('garbage')).toBe(true);
    expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });
});

describe('concurrency limit', () => {
  it('runs at most `max` at once and refuses waiters after the deadline with 503', async () => {
    const limit = createConcurrencyLimit(2, 30);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let peak = 0;
    const task = async () => {
      peak = Math.max(peak, limit.active);
      await gate;
      return 'done';
    };
    const running = [limit.run(task), limit.run(task)];
    const queued = limit.run(task);
    expect(limit.waiting).toBe(1);
    await expect(queued).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(limit.waiting).toBe(0);
    const late = limit.run(task);
    release();
    expect(await Promise.all([...running, late])).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(2);
    expect(limit.active).toBe(0);
  });

  it('hands a freed slot to the next waiter in order', async () => {
    const limit = createConcurrencyLimit(1, 1000);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => limit.run(async () => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });
});
