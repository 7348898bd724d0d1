/** Signing-key rotation, the JWKS window and encryption at rest. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createManualClock, type ManualClock } from '../../clock.js';
import { cryptoRandom } from '../../random.js';
import { createKeyRing } from './key-ring.js';

const DAY = 24 * 60 * 60 * 1000;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** A key ring on the file's database, its private keys sealed with `encryptionSecret`, JWTs living 5 minutes. */
function ringOn(clock: ManualClock, encryptionSecret = 'secret') {
  return createKeyRing({
    db: database.db,
    clock,
    random: cryptoRandom,
    encryptionSecret,
    maxJwtLifetimeMs: 300_000,
  });
}

it('rotates every 30 days, announces the successor a day early and drops retired keys after their last JWT', async () => {
  const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
  const ring = ringOn(clock);
  const first = await ring.activeKey();
  expect((await ring.publicJwks()).map((k) => k.kid)).toEqual([first.kid]);

  clock.advance(29 * DAY + 1);
  expect((await ring.activeKey()).kid).toBe(first.kid);
  const announced = (await ring.publicJwks()).map((k) => k.kid);
  expect(announced).toHaveLength(2);
  const successor = announced.find((kid) => kid !== first.kid)!;

  clock.set(new Date('2026-01-31T00:00:00Z'));
  expect((await ring.activeKey()).kid).toBe(successor);
  expect((await ring.publicJwks()).map((k) => k.kid)).toContain(first.kid);
  expect(await ring.publicKey(first.kid)).toBeDefined();

  clock.advance(300_000 + 1);
  expect((await ring.publicJwks()).map((k) => k.kid)).toEqual([successor]);
  expect(await ring.publicKey(first.kid)).toBeUndefined();
});

it('stores private keys sealed when a secret is configured, and never in the JWKS', async () => {
  const clock = createManualClock(new Date('2027-06-01T00:00:00Z'));
  const ring = ringOn(clock);
  const { kid } = await ring.activeKey();
  const row = await database.db
    .selectFrom('signing_keys')
    .selectAll()
    .where('kid', '=', kid)
    .executeTakeFirstOrThrow();
  expect(row.private_key_encryption).toBe('aes-256-gcm');
  expect(row.private_key).not.toContain('PRIVATE KEY');
  expect(row.public_jwk).not.toHaveProperty('d');
  // A fresh process with the same secret can sign with the stored key.
  const restarted = ringOn(clock);
  expect((await restarted.activeKey()).kid).toBe(kid);
  const wrong = ringOn(clock, 'other');
  await expect(wrong.activeKey()).rejects.toThrow();
});
