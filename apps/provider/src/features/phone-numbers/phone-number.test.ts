/** Normalising typed phone numbers to E.164, and refusing what must not get a text (SECURITY F6). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from './phone-number.js';

describe('normalisePhoneNumber', () => {
  it.each([
    ['+14155552671', '+14155552671'],
    ['+1 (415) 555-2671', '+14155552671'],
    [' +1.415.555.2671 ', '+14155552671'],
    ['+44 7911 123456', '+447911123456'],
    ['+44 (0)7911 123456', '+447911123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+15555550100', '+15555550100'],
  ])('%s → %s', (typed, e164) => {
    expect(normalisePhoneNumber(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['4155552671', 'format'],
    ['+', 'format'],
    ['++14155552671', 'format'],
    ['+1 415 555 2671 ext 3', 'format'],
    ['+1415555267\n1', 'format'],
    ['+１４１５５５５２６７１', 'format'],
    ['+1415555267', 'invalid'],
    ['+11234567890', 'invalid'],
    ['+447700900123', 'invalid'],
    ['+19005550123', 'premium_rate'],
  ])('%s is refused (%s)', (typed, problem) => {
    expect(normalisePhoneNumber(typed)).toEqual({ ok: false, problem });
  });

  // E.164 sets a maximum (15 digits) and no minimum: real numbers have as few as 7 (Niue's +683 4002;
  // fast-check found Vienna's +43 1 2000, which the full metadata calls a valid fixed line).
  it('property: whatever it accepts is E.164 (+, 7 to 15 digits) and normalising it again changes nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 24 }), fc.stringMatching(/^\+[0-9 ().-]{6,20}$/)),
        (typed) => {
          const result = normalisePhoneNumber(typed);
          if (!result.ok) return;
          expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
          expect(normalisePhoneNumber(result.e164)).toEqual(result);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
