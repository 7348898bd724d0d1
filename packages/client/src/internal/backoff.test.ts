import { describe, expect, it } from 'vitest';
import { backoffDelay, backoffJitter } from './backoff.js';

function randomU32(value: number) {
  return (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) => {
    new Uint32Array(array.buffer, array.byteOffset, array.byteLength / 4).fill(value);
    return array;
  };
}

describe('backoff', () => {
  it('is 2000 × 2^min(n, 7) plus jitter', () => {
    const zeroJitter = randomU32(175); // 175 % 350 − 175 = 0
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffDelay(n, zeroJitter))).toEqual([
      4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000,
    ]);
  });

  it('keeps the jitter an integer in [−175, 174]', () => {
    expect(backoffJitter(randomU32(0))).toBe(-175);
    expect(backoffJitter(randomU32(349))).toBe(174);
    expect(backoffJitter(randomU32(350))).toBe(-175);
    expect(backoffJitter(randomU32(0xffffffff))).toBe((0xffffffff % 350) - 175);
    for (let i = 0; i < 200; i++) {
      const jitter = backoffJitter((array) => crypto.getRandomValues(array));
      expect(Number.isInteger(jitter)).toBe(true);
      expect(jitter).toBeGreaterThanOrEqual(-175);
      expect(jitter).toBeLessThanOrEqual(174);
    }
  });
});
