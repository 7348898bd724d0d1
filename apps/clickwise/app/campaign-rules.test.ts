import { describe, expect, it } from 'vitest';
import { CAMPAIGN_LIMITS, MAX_SEARCH_TERMS, validateCampaign } from './campaign-rules.js';

const valid = {
  name: 'Running shoes',
  search_terms: 'buy running shoes\nrunning shoes sale, trail shoes',
  headline: 'Running shoes for every runner',
  description: 'Light, fast and comfortable.',
  daily_budget: '25.50',
  locations: 'United States',
  starts_on: '2026-12-01',
  ends_on: '',
};

describe('validateCampaign', () => {
  it('accepts a complete form and normalises it', () => {
    const result = validateCampaign({ ...valid, name: '  Running shoes  ' });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Running shoes',
        search_terms: ['buy running shoes', 'running shoes sale', 'trail shoes'],
        headline: 'Running shoes for every runner',
        description: 'Light, fast and comfortable.',
        daily_budget_cents: 2550,
        locations: 'United States',
        starts_on: '2026-12-01',
        ends_on: null,
      },
    });
  });

  it('requires every text field and reports each one', () => {
    const result = validateCampaign({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['daily_budget', 'description', 'headline', 'locations', 'name', 'search_terms', 'starts_on'].sort(),
    );
    expect(validateCampaign({ ...valid, headline: '   ' })).toMatchObject({
      ok: false,
      errors: { headline: 'Required.' },
    });
  });

  it('enforces the character limits, the description one without a maxlength in the page', () => {
    for (const field of ['name', 'headline', 'description', 'locations', 'search_terms'] as const) {
      const max = CAMPAIGN_LIMITS[field];
      expect(validateCampaign({ ...valid, [field]: 'x'.repeat(max) }).ok).toBe(true);
      expect(validateCampaign({ ...valid, [field]: 'x'.repeat(max + 1) })).toMatchObject({
        ok: false,
        errors: { [field]: `At most ${max} characters.` },
      });
    }
    expect(CAMPAIGN_LIMITS.description).toBe(250);
    const many = Array.from({ length: MAX_SEARCH_TERMS + 1 }, (_, i) => `t${i}`).join('\n');
    expect(validateCampaign({ ...valid, search_terms: many })).toMatchObject({
      ok: false,
      errors: { search_terms: expect.any(String) },
    });
  });

  it('refuses budgets out of range or not a plain amount', () => {
    for (const budget of ['0', '0.99', '10000.01', '-5', 'abc', '1e3', '10.123', '']) {
      expect(validateCampaign({ ...valid, daily_budget: budget }).ok, budget).toBe(false);
    }
    for (const budget of ['1', '10000', '99.9'])
      expect(validateCampaign({ ...valid, daily_budget: budget }).ok).toBe(true);
  });

  it('refuses impossible dates and an end before the start', () => {
    expect(validateCampaign({ ...valid, starts_on: '2026-02-30' }).ok).toBe(false);
    expect(validateCampaign({ ...valid, starts_on: '01/12/2026' }).ok).toBe(false);
    expect(validateCampaign({ ...valid, ends_on: '2026-11-30' })).toMatchObject({
      ok: false,
      errors: { ends_on: 'The end date cannot be before the start date.' },
    });
    expect(validateCampaign({ ...valid, ends_on: '2026-12-01' }).ok).toBe(true);
  });

  it('ignores non-string values (a crafted post) as missing', () => {
    expect(validateCampaign({ ...valid, name: ['a', 'b'] as unknown as string })).toMatchObject({
      ok: false,
      errors: { name: 'Required.' },
    });
  });
});
