/** Challenge nonces: 32 alphanumerics from a CSPRNG, without modulo bias. */
import { describe, expect, it } from 'vitest';
import type { Random } from '../../../random.js';
import { newChallengeNonce } from './challenge-nonce.js';

/** A Random that hands out the given byte batches in order. */
function scriptedRandom(...batches: number[][]): Random {
  return {
    bytes: (length) => {
      const batch = batches.shift() ?? [];
      return Uint8Array.from({ length }, (_, index) => batch[index] ?? 0);
    },
    uuid: () => '00000000-0000-4000-8000-000000000000',
  };
}

describe('newChallengeNonce', () => {
  it('is 32 characters of [A-Za-z0-9], different each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newChallengeNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('maps bytes below 248 onto the 62 characters and draws again for 248..255', () => {
    const rejected = [248, 249, 250, 251, 252, 253, 254, 255];
    const first = [...rejected, 0, 25, 26, 51, 52, 61, 62, 247];
    const second = Array.from({ length: 32 }, (_, index) => index);
    expect(newChallengeNonce(scriptedRandom(first, second))).toBe(
      // The first batch keeps its 8 accepted bytes (and 16 zeros), the second fills the rest.
      `AZaz09A9${'A'.repeat(16)}ABCDEFGH`,
    );
  });
});
