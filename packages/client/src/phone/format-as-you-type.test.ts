import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAsYouType } from './format-as-you-type.js';

const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('formatAsYouType', () => {
  it('formats partial input nationally for a country and internationally after +', () => {
    expect(formatAsYouType('2015550', 'US')).toBe('(201) 555-0');
    expect(formatAsYouType('2015550123', 'us')).toBe('(201) 555-0123');
    expect(formatAsYouType('+4420712345', 'US')).toBe('+44 20 7123 45');
  });

  it('ignores an unknown country and non-string input', () => {
    expect(formatAsYouType('+12015550123', 'XX')).toBe('+1 201 555 0123');
    expect(formatAsYouType(7 as unknown as string, 'US')).toBe('');
  });

  it('keeps every typed digit, in order', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\+?[0-9]{0,15}$/),
        fc.constantFrom('US', 'GB', 'FR', 'JP', 'BR'),
        (input, country) => {
          expect(digitsOf(formatAsYouType(input, country))).toBe(digitsOf(input));
        },
      ),
      { numRuns: 300 },
    );
  });
});
