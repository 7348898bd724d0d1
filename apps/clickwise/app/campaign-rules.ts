/** @module campaign-rules — the campaign form's limits and validation, shared by page and server. */

/** Character limits of the text fields (the counters show them). */
export const CAMPAIGN_LIMITS = {
  name: 100,
  search_terms: 500,
  headline: 90,
  /** No maxlength attribute: the counter falls back to its default of 250 (spec §5). */
  description: 250,
  locations: 250,
} as const;

export const MAX_SEARCH_TERMS = 20;
export const MIN_DAILY_BUDGET = 1;
export const MAX_DAILY_BUDGET = 10_000;

/** What a valid form becomes. */
export interface CampaignInput {
  name: string;
  search_terms: string[];
  headline: string;
  description: string;
  daily_budget_cents: number;
  locations: string;
  starts_on: string;
  ends_on: string | null;
}

export type CampaignField = keyof typeof CAMPAIGN_LIMITS | 'daily_budget' | 'starts_on' | 'ends_on';

/** The outcome of validating a submitted form. */
export type CampaignValidation =
  | { ok: true; value: CampaignInput }
  | { ok: false; errors: Partial<Record<CampaignField, string>> };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The search terms of the textarea: one per line or comma-separated, blanks dropped. */
export function splitSearchTerms(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t !== '');
}

/** Validates the submitted fields (strings as a form sends them). */
export function validateCampaign(form: Record<string, unknown>): CampaignValidation {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const errors: Partial<Record<CampaignField, string>> = {};
  for (const field of ['name', 'headline', 'description', 'locations', 'search_terms'] as const) {
    const value = text(field);
    if (value === '') errors[field] = 'Required.';
    else if ([...value].length > CAMPAIGN_LIMITS[field])
      errors[field] = `At most ${CAMPAIGN_LIMITS[field]} characters.`;
  }
  const terms = splitSearchTerms(text('search_terms'));
  if (!errors.search_terms && terms.length > MAX_SEARCH_TERMS)
    errors.search_terms = `At most ${MAX_SEARCH_TERMS} search terms.`;
  const budgetText = text('daily_budget');
  const budget = /^\d+(\.\d{1,2})?$/.test(budgetText) ? Number(budgetText) : Number.NaN;
  if (Number.isNaN(budget) || budget < MIN_DAILY_BUDGET || budget > MAX_DAILY_BUDGET)
    errors.daily_budget = `A daily budget from $${MIN_DAILY_BUDGET} to $${MAX_DAILY_BUDGET.toLocaleString('en-US')}.`;
  const startsOn = text('starts_on');
  const endsOn = text('ends_on');
  if (!isRealDate(startsOn)) errors.starts_on = 'A start date (YYYY-MM-DD).';
  if (endsOn !== '' && !isRealDate(endsOn)) errors.ends_on = 'An end date (YYYY-MM-DD), or none.';
  else if (endsOn !== '' && !errors.starts_on && endsOn < startsOn)
    errors.ends_on = 'The end date cannot be before the start date.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: text('name'),
      search_terms: terms,
      headline: text('headline'),
      description: text('description'),
      daily_budget_cents: Math.round(budget * 100),
      locations: text('locations'),
      starts_on: startsOn,
      ends_on: endsOn === '' ? null : endsOn,
    },
  };
}
