/** The recovery-code format: minting, the per-set selector, normalising what a user types. */
import { describe, expect, it } from 'vitest';
import { cryptoRandom, type Random } from '../../random.js';
import {
  mintRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  recoveryCodeSelector,
} from './recovery-codes.js';

describe('mintRecoveryCodes', () => {
  it('gives ten xxxx-xxxx-xxxx codes whose first letters differ within the set', () => {
    for (let set = 0; set < 200; set++) {
      const codes = mintRecoveryCodes(cryptoRandom);
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      expect(new Set(codes.map(recoveryCodeSelector)).size).toBe(10);
    }
  });

  it('uses every letter of the alphabet in every position', () => {
    const seen = Array.from({ length: RECOVERY_CODE_LENGTH }, () => new Set<string>());
    for (let set = 0; set < 100; set++)
      for (const code of mintRecoveryCodes(cryptoRandom))
        for (const [i, letter] of [...code.replaceAll('-', '')].entries()) seen[i]?.add(letter);
    for (const letters of seen) expect(letters.size).toBe(32);
  });

  it('refuses, rather than loops, when the random source keeps repeating itself', () => {
    const stuck: Random = { bytes: (length) => new Uint8Array(length), uuid: () => 'x' };
    expect(() => mintRecoveryCodes(stuck)).toThrow(/random source/);
  });

  it('keeps the entropy docs/provider-api.md states: 60 bits a code, 55 behind the selector', () => {
    const bitsPerLetter = Math.log2(RECOVERY_CODE_ALPHABET.length);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(bitsPerLetter * RECOVERY_CODE_LENGTH).toBe(60);
    expect(bitsPerLetter * (RECOVERY_CODE_LENGTH - recoveryCodeSelector('abcd-efgh-ijkl').length)).toBe(55);
  });
});

describe('normaliseRecoveryCode', () => {
  it('ignores case, spaces and dashes; anything else that is not a code is null', () => {
    expect(normaliseRecoveryCode(' ABCD efgh-IJKL ')).toBe('abcd-efgh-ijkl');
    expect(normaliseRecoveryCode('abcdefghijkl')).toBe('abcd-efgh-ijkl');
    expect(normaliseRecoveryCode('ab-cd-ef-gh-ij-kl')).toBe('abcd-efgh-ijkl');
    for (const typed of ['abcd-efgh-ijk', 'abcd-efgh-ijklm', 'abcd-efgh-ijk1', 'abcd_efgh_ijkl', ''])
      expect(normaliseRecoveryCode(typed)).toBeNull();
  });
});
