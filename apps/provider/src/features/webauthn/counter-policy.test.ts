/** The signature counter policy of SECURITY G8. */
import { expect, it } from 'vitest';
import { decideCounter } from './counter-policy.js';

it.each([
  // stored, asserted, backup-eligible → decision
  [0, 0, false, { accept: true, signCount: 0, suspicious: false }],
  [0, 0, true, { accept: true, signCount: 0, suspicious: false }],
  [0, 1, false, { accept: true, signCount: 1, suspicious: false }],
  [10, 11, false, { accept: true, signCount: 11, suspicious: false }],
  [10, 10, false, { accept: false }],
  [10, 5, false, { accept: false }],
  [10, 0, false, { accept: false }],
  [10, 10, true, { accept: true, signCount: 10, suspicious: true }],
  [10, 5, true, { accept: true, signCount: 10, suspicious: true }],
  [10, 0, true, { accept: true, signCount: 10, suspicious: true }],
  [4294967294, 4294967295, false, { accept: true, signCount: 4294967295, suspicious: false }],
])('stored %i, asserted %i, backup-eligible %s', (stored, asserted, backupEligible, decision) => {
  expect(decideCounter(stored, asserted, backupEligible)).toEqual(decision);
});

it('never lowers the stored counter', () => {
  for (const backupEligible of [true, false]) {
    for (let stored = 0; stored < 5; stored += 1) {
      for (let asserted = 0; asserted < 5; asserted += 1) {
        const decision = decideCounter(stored, asserted, backupEligible);
        if (decision.accept) expect(decision.signCount).toBeGreaterThanOrEqual(stored);
      }
    }
  }
});
