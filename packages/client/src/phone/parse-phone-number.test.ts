import fc from 'fast-check';
import { getCountries, getExampleNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { assertPhoneNumber } from '../internal/validate.js';
import { parsePhoneNumber } from './parse-phone-number.js';

/** One valid mobile number per country, from the library's own examples. */
const samples = getCountries().flatMap((country) => {
  const number = getExampleNumber(country, examples);
  return number ? [{ country, e164: number.number, national: number.formatNational() }] : [];
});

describe('parsePhoneNumber', () => {
  it('reads national input with a default country and international input without one', () => {
    const expected = { ok: true, e164: '+12015550123', country: 'US', national: '(201) 555-0123' };
    expect(parsePhoneNumber('(201) 555-0123', 'US')).toEqual(expected);
    expect(parsePhoneNumber('201.555.0123', 'us')).toEqual(expected);
    expect(parsePhoneNumber('+1 201 555 0123')).toEqual(expected);
    // A `+` number keeps its own country whatever the default says.
    expect(parsePhoneNumber('+44 7400 123456', 'US')).toEqual({
      ok: true,
      e164: '+447400123456',
      country: 'GB',
      national: '07400 123456',
    });
    expect(parsePhoneNumber('07400 123456', 'GB')).toMatchObject({ ok: true, e164: '+447400123456' });
  });

  it.each([
    ['12', 'US', 'too_short'],
    ['+44', undefined, 'too_short'],
    ['+1 201 555 0123 4567 89', undefined, 'too_long'],
    ['2015550123', undefined, 'invalid_country'],
    ['2015550123', 'XX', 'invalid_country'],
    ['+999 123456789', undefined, 'invalid_country'],
    ['', undefined, 'not_a_number'],
    ['call me', 'US', 'not_a_number'],
    ['+1 555 555 0100', undefined, 'invalid'],
    ['+1 201 055 0123', undefined, 'invalid'],
  ])('refuses %j (default %s) as %s', (input, country, reason) => {
    expect(parsePhoneNumber(input, country)).toEqual({ ok: false, reason });
  });

  it('gives non-geographic numbers a null country', () => {
    expect(parsePhoneNumber('+800 1234 5678')).toEqual({
      ok: true,
      e164: '+80012345678',
      country: null,
      national: '1234 5678',
    });
  });

  it('answers not_a_number for a non-string instead of throwing', () => {
    expect(parsePhoneNumber(42 as unknown as string)).toEqual({ ok: false, reason: 'not_a_number' });
  });

  it('round-trips every country example: E.164 and national form give the same number', () => {
    expect(samples.length).toBeGreaterThan(200);
    for (const sample of samples) {
      expect(parsePhoneNumber(sample.e164)).toMatchObject({ ok: true, e164: sample.e164 });
      expect(parsePhoneNumber(sample.national, sample.country)).toMatchObject({
        ok: true,
        e164: sample.e164,
      });
    }
  });

  it('refuses a number the small metadata takes but E.164 does not (fast-check counterexample)', () => {
    expect(parsePhoneNumber('1000', 'DE')).toEqual({ ok: false, reason: 'too_short' });
  });

  it('never throws, and every accepted number is E.164 the main entry accepts and re-parses to itself', () => {
    // Example numbers with their last digits replaced at random: mostly valid, some not.
    const nearValid = fc
      .tuple(fc.constantFrom(...samples), fc.stringMatching(/^[0-9]{0,4}$/))
      .map(([sample, tail]) => sample.e164.slice(0, sample.e164.length - tail.length) + tail);
    const inputs = fc.oneof(nearValid, fc.stringMatching(/^\+?[0-9 ()\-.]{0,20}$/), fc.string());
    const defaults = fc.option(fc.constantFrom('US', 'GB', 'DE', 'IN', 'BR', 'xx'), { nil: undefined });
    let accepted = 0;
    fc.assert(
      fc.property(inputs, defaults, (input, country) => {
        const result = parsePhoneNumber(input, country);
        if (!result.ok) {
          expect(['too_short', 'too_long', 'invalid_country', 'not_a_number', 'invalid']).toContain(
            result.reason,
          );
          return;
        }
        accepted++;
        expect(() => assertPhoneNumber('phoneNumber', result.e164)).not.toThrow();
        expect(parsePhoneNumber(result.e164)).toEqual(result);
        if (result.country) {
          expect(parsePhoneNumber(result.national, result.country)).toMatchObject({ e164: result.e164 });
        }
      }),
      { numRuns: 600 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
