import { describe, expect, it } from 'vitest';
import { strength } from '../testing/fake-client.js';
import type { WidgetPasswordStrength } from '../widget-client.js';
import { DEFAULT_LUDS_RULES, ludsChecklistOf, meterOf } from './strength-model.js';

describe('meterOf (spec §5 zxcvbn meter)', () => {
  it.each([
    [0, 1, 'weak'],
    [1, 1, 'weak'],
    [2, 2, 'weak'],
    [3, 3, 'strong'],
    [4, 4, 'strong'],
  ] as const)('score %i fills %i segment(s), %s', (score, filled, tone) => {
    expect(meterOf(score)).toEqual({ filled, tone });
  });

  it('clamps scores the spec does not define', () => {
    expect(meterOf(-3)).toEqual({ filled: 1, tone: 'weak' });
    expect(meterOf(9)).toEqual({ filled: 4, tone: 'strong' });
    expect(meterOf(Number.NaN)).toEqual({ filled: 1, tone: 'weak' });
    expect(meterOf(2.9)).toEqual({ filled: 2, tone: 'weak' });
  });
});

function luds(missingCharacters: number, missingComplexity: number): WidgetPasswordStrength {
  return strength({
    valid_password: missingCharacters === 0 && missingComplexity === 0,
    score: 0,
    breached_password: false,
    strength_policy: 'luds',
    feedback: {
      warning: '',
      luds_requirements: { missing_characters: missingCharacters, missing_complexity: missingComplexity },
    },
  });
}

describe('ludsChecklistOf (spec §5 LUDS checklist)', () => {
  const rules = { ludsMinimumCount: 10, ludsComplexity: 2 };

  it('names N and M from the project rules and meets nothing before an answer', () => {
    expect(ludsChecklistOf(null, rules)).toEqual([
      { key: 'minLength', count: 10, met: false },
      { key: 'complexity', count: 2, met: false },
    ]);
  });

  it('meets each line when the answer reports nothing missing for it', () => {
    expect(ludsChecklistOf(luds(3, 0), rules).map((item) => item.met)).toEqual([false, true]);
    expect(ludsChecklistOf(luds(0, 1), rules).map((item) => item.met)).toEqual([true, false]);
    expect(ludsChecklistOf(luds(0, 0), rules).map((item) => item.met)).toEqual([true, true]);
  });

  it('defaults to the provider rules (8 characters, 3 kinds)', () => {
    expect(ludsChecklistOf(null, DEFAULT_LUDS_RULES).map((item) => item.count)).toEqual([8, 3]);
  });
});
