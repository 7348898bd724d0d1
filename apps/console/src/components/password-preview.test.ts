import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-preview.js';

const check = (
  score: number,
  classes: Partial<Record<'has_digit' | 'has_lower_case' | 'has_symbol' | 'has_upper_case', boolean>>,
  breached = false,
) => ({
  score,
  breached_password: breached,
  feedback: {
    suggestions: [],
    warning: '',
    luds_requirements: {
      has_digit: false,
      has_lower_case: false,
      has_symbol: false,
      has_upper_case: false,
      missing_characters: 0,
      missing_complexity: 0,
      ...classes,
    },
  },
});

describe('the password preview judges by the policy being edited', () => {
  it('zxcvbn: a score of 3 passes, 2 does not, a breached password never does', () => {
    const zxcvbn = { strength_policy: 'zxcvbn', luds_min_length: 8, luds_complexity: 3 } as const;
    expect(judgePassword('x', zxcvbn, check(3, {})).ok).toBe(true);
    expect(judgePassword('x', zxcvbn, check(2, {})).reasons).toEqual([
      'Too easy to guess (score 2 of 4; 3 needed).',
    ]);
    expect(judgePassword('x', zxcvbn, check(4, {}, true)).ok).toBe(false);
  });
  it('LUDS: length and kinds of character, whatever the score', () => {
    const luds = { strength_policy: 'luds', luds_min_length: 10, luds_complexity: 3 } as const;
    expect(
      judgePassword(
        'Abcdef1!xy',
        luds,
        check(0, { has_upper_case: true, has_lower_case: true, has_digit: true }),
      ).ok,
    ).toBe(true);
    expect(judgePassword('abc', luds, check(4, { has_lower_case: true })).reasons).toEqual([
      '7 more characters needed.',
      '2 more kinds of character needed (lower, upper, digit, symbol).',
    ]);
  });
});
