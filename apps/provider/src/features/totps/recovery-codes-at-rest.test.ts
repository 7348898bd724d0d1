/**
 * Recovery codes at rest (issue 16 item 7, ASVS 5.0 §6.5.2): each code under its own salt with
 * argon2id, one verification per attempt, and codes stored as plain SHA-256 before that still
 * working once (SECURITY A6, B4).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.js';
import { createTestContext, statusAndErrorType } from '../../../test/test-app.js';
import {
  callSdk,
  givenIst,
  givenMfaUser,
  istRow,
  mfaSnapshot,
  recoverWith,
} from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { createPasswordHasher, type PasswordHasher } from '../../crypto/password-hasher.js';
import { hashToken } from '../../crypto/tokens.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';
import type { Random } from '../../random.js';
import { RECOVERY_CODE_ARGON2 } from './recovery-code-at-rest.js';
import { createTotpsEnrolService } from './totps-enrol.service.js';

/** The production recovery-code hasher, counting what each call costs. */
const real = createPasswordHasher({ parameters: RECOVERY_CODE_ARGON2 });
const argon = { hash: 0, verify: 0, dummy: 0 };
const countingHasher: PasswordHasher = {
  hash: (code) => {
    argon.hash++;
    return real.hash(code);
  },
  verify: (stored, code) => {
    argon.verify++;
    return real.verify(stored, code);
  },
  needsRehash: (stored) => real.needsRehash(stored),
  dummyVerify: (code) => {
    argon.dummy++;
    return real.dummyVerify(code);
  },
};

const ctx = useTestContext({ devProject: { mfaRequired: true }, recoveryCodeHasher: countingHasher });
beforeEach(() => {
  Object.assign(argon, { hash: 0, verify: 0, dummy: 0 });
});

const storedCodes = (totpId: string) =>
  ctx.db
    .selectFrom('totp_recovery_codes')
    .select(['id', 'code_selector', 'code_hash', 'used_at'])
    .where('totp_id', '=', totpId)
    .execute();

/** `code` with its last letter changed: the same first letter, a different code. */
const sameSelectorOtherCode = (code: string) => `${code.slice(0, -1)}${code.endsWith('a') ? 'b' : 'a'}`;

/** A well-formed code whose first letter starts none of `codes`. */
function unknownSelectorCode(codes: string[]): string {
  const letter = [...'abcdefghijklmnopqrstuvwxyz234567'].find((l) => !codes.some((c) => c.startsWith(l)));
  return `${letter}bcd-efgh-ijkl`;
}

describe('a new set of codes', () => {
  it('is stored under argon2id with a salt of its own per code, never as the SHA-256 of a code', async () => {
    const user = await givenMfaUser(ctx, 'salted@example.com');
    const rows = await storedCodes(user.totp_id);
    expect(rows).toHaveLength(10);
    const { memoryCost: m, timeCost: t, parallelism: p } = RECOVERY_CODE_ARGON2;
    for (const row of rows)
      expect(row.code_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${m},t=${t},p=${p}\\$`));
    const hashes = rows.map((r) => r.code_hash);
    for (const code of user.recovery_codes) expect(hashes).not.toContain(hashToken(code));
    // The salts differ code by code (the PHC string's fourth field).
    expect(new Set(hashes.map((h) => h.split('$')[4])).size).toBe(10);
    // The one non-secret part: each code's first letter, distinct within the set.
    expect(rows.map((r) => r.code_selector).sort()).toEqual(user.recovery_codes.map((c) => c[0]).sort());
  });

  it('two users given the very same codes (an injected random) store different values', async () => {
    const first = await givenMfaUser(ctx, 'same-codes-1@example.com');
    const second = await givenMfaUser(ctx, 'same-codes-2@example.com');
    // Replays one byte stream per issue, so both issues mint the same ten codes.
    let draw = 0;
    const replaying: Random = {
      bytes: (length) =>
        new Uint8Array(createHash('sha512').update(`draw ${draw++}`).digest().subarray(0, length)),
      uuid: () => randomUUID(),
    };
    const enrol = createTotpsEnrolService({
      db: ctx.db,
      clock: ctx.clock,
      random: replaying,
      keyEncryptionSecret: undefined,
      recoveryCodeHasher: countingHasher,
    });
    const a = await enrol.rotateRecoveryCodes(ctx.dev.project, first.user_id);
    draw = 0;
    const b = await enrol.rotateRecoveryCodes(ctx.dev.project, second.user_id);
    expect(b.recovery_codes).toEqual(a.recovery_codes);
    const bySelector = async (totpId: string) =>
      new Map((await storedCodes(totpId)).map((r) => [r.code_selector, r.code_hash]));
    const [storedA, storedB] = [await bySelector(first.totp_id), await bySelector(second.totp_id)];
    for (const code of a.recovery_codes) {
      const selector = code[0] as string;
      expect(storedA.get(selector)).toMatch(/^\$argon2id\$/);
      expect(storedB.get(selector)).not.toBe(storedA.get(selector));
      expect([storedA.get(selector), storedB.get(selector)]).not.toContain(hashToken(code));
    }
    // And each user's copy works for that user.
    expect((await recoverWith(ctx, second.session_token, a.recovery_codes[0] as string)).statusCode).toBe(
      200,
    );
    expect((await recoverWith(ctx, first.session_token, a.recovery_codes[0] as string)).statusCode).toBe(200);
  });
});

describe('verifying a code', () => {
  it('a new code works once, typed in capitals with spaces; then it is used up', async () => {
    const user = await givenMfaUser(ctx, 'once@example.com');
    const code = user.recovery_codes[2] as string;
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const first = await recoverWith(ctx, await givenIst(ctx, user.email), typed);
    expect(first.statusCode).toBe(200);
    const again = await recoverWith(ctx, await givenIst(ctx, user.email), code);
    expect(statusAndErrorType(again)).toEqual([401, 'invalid_recovery_code']);
    const used = (await storedCodes(user.totp_id)).filter((r) => r.used_at !== null);
    expect(used.map((r) => r.code_selector)).toEqual([code[0]]);
  });

  it('a wrong code fails and is counted, whether its first letter starts a code or not; no code is used', async () => {
    const user = await givenMfaUser(ctx, 'wrong@example.com');
    const ist = await givenIst(ctx, user.email);
    const before = await mfaSnapshot(ctx);
    const wrong = [
      sameSelectorOtherCode(user.recovery_codes[0] as string),
      unknownSelectorCode(user.recovery_codes),
    ];
    for (const code of wrong)
      expect(statusAndErrorType(await recoverWith(ctx, ist, code))).toEqual([401, 'invalid_recovery_code']);
    expect((await istRow(ctx, ist)).failed_attempts).toBe(2);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });

  it('costs one argon2id verification whatever the code: right, wrong, or of no stored code (no ten-hash scan, no timing tell)', async () => {
    const user = await givenMfaUser(ctx, 'one-hash@example.com');
    const codes = user.recovery_codes;
    const attempts = [
      codes[1] as string,
      sameSelectorOtherCode(codes[3] as string),
      unknownSelectorCode(codes),
      codes[1] as string, // used already
    ];
    const costs = [];
    for (const code of attempts) {
      Object.assign(argon, { hash: 0, verify: 0, dummy: 0 });
      await recoverWith(ctx, user.session_token, code);
      costs.push({ ...argon });
    }
    expect(costs).toEqual([
      { hash: 0, verify: 1, dummy: 0 },
      { hash: 0, verify: 1, dummy: 0 },
      { hash: 0, verify: 0, dummy: 1 },
      { hash: 0, verify: 0, dummy: 1 },
    ]);
  });
});

/** Replaces the codes of `totpId` with ten rows stored the old way: unsalted SHA-256, no selector. */
async function givenLegacyCodes(totpId: string, on: TestContext = ctx): Promise<string[]> {
  const codes = Array.from({ length: 10 }, (_, i) => `leg${'abcdefghij'[i]}-cy${'klmnopqrst'[i]}a-bcde`);
  await on.db.deleteFrom('totp_recovery_codes').where('totp_id', '=', totpId).execute();
  await on.db
    .insertInto('totp_recovery_codes')
    .values(
      codes.map((code) => ({
        id: `totp-recovery-code-test-${randomUUID()}`,
        totp_id: totpId,
        code_hash: hashToken(code),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

describe('codes stored as plain SHA-256 before salting', () => {
  it('come through the migration untouched and still work, once', async () => {
    const own = await createTestContext({ devProject: { mfaRequired: true } });
    try {
      const user = await givenMfaUser(own, 'pre-migration@example.com');
      const migrator = new Migrator({ db: own.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026_11_24_130100_add_projects_captcha')).error).toBeUndefined();
      const codes = await givenLegacyCodes(user.totp_id, own);
      expect(await migrateToLatest(own.db)).toContain('2026_11_25_090000_add_totp_recovery_codes_selector');
      const rows = await own.db
        .selectFrom('totp_recovery_codes')
        .select(['code_selector', 'code_hash'])
        .where('totp_id', '=', user.totp_id)
        .execute();
      expect(rows.map((r) => r.code_hash).sort()).toEqual(codes.map(hashToken).sort());
      expect(rows.every((r) => r.code_selector === null)).toBe(true);
      expect((await recoverWith(own, user.session_token, codes[0] as string)).statusCode).toBe(200);
      expect(statusAndErrorType(await recoverWith(own, user.session_token, codes[0] as string))).toEqual([
        401,
        'invalid_recovery_code',
      ]);
    } finally {
      await own.close();
    }
  });

  it('still work once each, then are used up; a wrong one fails and is counted', async () => {
    const user = await givenMfaUser(ctx, 'legacy@example.com');
    const codes = await givenLegacyCodes(user.totp_id);
    const ist = await givenIst(ctx, user.email);
    expect(statusAndErrorType(await recoverWith(ctx, ist, 'legz-zzzz-zzzz'))).toEqual([
      401,
      'invalid_recovery_code',
    ]);
    expect((await istRow(ctx, ist)).failed_attempts).toBe(1);
    Object.assign(argon, { hash: 0, verify: 0, dummy: 0 });
    expect((await recoverWith(ctx, ist, (codes[4] as string).toUpperCase())).statusCode).toBe(200);
    // The same single argon2id cost as a salted code, so the scheme does not show in the timing.
    expect(argon).toEqual({ hash: 0, verify: 0, dummy: 1 });
    const again = await recoverWith(ctx, await givenIst(ctx, user.email), codes[4] as string);
    expect(statusAndErrorType(again)).toEqual([401, 'invalid_recovery_code']);
    expect((await recoverWith(ctx, await givenIst(ctx, user.email), codes[5] as string)).statusCode).toBe(
      200,
    );
  });

  it('one of them twice at once: one 200, one 401, one code used (SECURITY B4)', async () => {
    const user = await givenMfaUser(ctx, 'legacy-race@example.com');
    const codes = await givenLegacyCodes(user.totp_id);
    const [a, b] = [await givenIst(ctx, user.email), await givenIst(ctx, user.email)];
    const before = await mfaSnapshot(ctx);
    const code = codes[7] as string;
    const responses = await Promise.all([recoverWith(ctx, a, code), recoverWith(ctx, b, code)]);
    expect(responses.map(statusAndErrorType).sort()).toEqual([
      [200, undefined],
      [401, 'invalid_recovery_code'],
    ]);
    expect((await mfaSnapshot(ctx)).unusedCodes).toBe(before.unusedCodes - 1);
  });

  it('a new set replaces them: the new codes are salted and the old ones stop working', async () => {
    const user = await givenMfaUser(ctx, 'legacy-rotate@example.com');
    const old = await givenLegacyCodes(user.totp_id);
    const rotated = await callSdk(ctx, user.session_token, '/totps/recovery_codes');
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.totps.recovery_codes as string[];
    for (const row of await storedCodes(user.totp_id)) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(statusAndErrorType(await recoverWith(ctx, user.session_token, old[0] as string))).toEqual([
      401,
      'invalid_recovery_code',
    ]);
    expect((await recoverWith(ctx, user.session_token, fresh[0] as string)).statusCode).toBe(200);
  });
});
