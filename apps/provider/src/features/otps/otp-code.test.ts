/** Passcode minting (uniform 6 digits, no modulo bias) and the salted HMAC digest. */
import { describe, expect, it } from 'vitest';
import { cryptoRandom, type Random } from '../../random.js';
import { digestOtpCode, mintOtpCode, otpCodeMatches } from './otp-code.js';

/** A Random that hands out the given 4-byte words in order (then zeros). */
function wordsRandom(words: number[]): Random & { drawn: number } {
  const source = {
    drawn: 0,
    bytes(length: number) {
      const word = words[source.drawn] ?? 0;
      source.drawn += 1;
      const out = new Uint8Array(length);
      new DataView(out.buffer).setUint32(0, word >>> 0);
      return out;
    },
    uuid: () => '00000000-0000-4000-8000-000000000000',
  };
  return source;
}

describe('mintOtpCode', () => {
  it('keeps leading zeros', () => {
    expect(mintOtpCode(wordsRandom([42]))).toBe('000042');
    expect(mintOtpCode(wordsRandom([999_999]))).toBe('999999');
    expect(mintOtpCode(wordsRandom([1_000_000]))).toBe('000000');
  });

  it('draws again above the last whole multiple of 10⁶ (no modulo bias)', () => {
    const limit = Math.floor(2 ** 32 / 1e6) * 1e6; // 4 294 000 000
    const random = wordsRandom([limit, 2 ** 32 - 1, limit - 1]);
    expect(mintOtpCode(random)).toBe('999999');
    expect(random.drawn).toBe(3);
  });

  it('gives 6 digits with roughly uniform first digits from the CSPRNG', () => {
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) {
      const code = mintOtpCode(cryptoRandom);
      expect(code).toMatch(/^\d{6}$/);
      counts[Number(code[0])] = (counts[Number(code[0])] ?? 0) + 1;
    }
    // Expected 2 000 each; ±300 is over 7 standard deviations.
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(300);
  });
});

describe('digestOtpCode / otpCodeMatches', () => {
  it('matches only the same code for the same method, and never contains the code', () => {
    const digest = digestOtpCode(cryptoRandom, '123456', 'email-test-a');
    expect(digest.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(digest.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(digest)).not.toContain('123456');
    expect(otpCodeMatches('123456', digest, 'email-test-a')).toBe(true);
    expect(otpCodeMatches('123457', digest, 'email-test-a')).toBe(false);
    expect(otpCodeMatches('123456', digest, 'email-test-b')).toBe(false);
  });

  it('salts every digest, so equal codes do not give equal hashes', () => {
    const a = digestOtpCode(cryptoRandom, '123456', 'm');
    const b = digestOtpCode(cryptoRandom, '123456', 'm');
    expect(a.codeHash).not.toBe(b.codeHash);
  });
});
