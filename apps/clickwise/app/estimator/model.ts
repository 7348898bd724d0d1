/** @module model — the constants of the estimate model, shown on the method page as they are used. */

/** Bumped whenever a constant or formula below changes: stored estimates stay tied to their model. */
export const MODEL_VERSION = 1;

/** Search terms are at most this long (characters, after trimming). */
export const MAX_TERM_LENGTH = 100;
/** At most this many words are looked at. */
export const MAX_WORDS = 8;

/** Daily budgets offered on the landing page, in dollars; the default is the middle one. */
export const BUDGET_OPTIONS = [10, 25, 50, 100, 250] as const;
export const DEFAULT_DAILY_BUDGET = 50;
/** Days in an average month: daily budget × this is the monthly spend. */
export const DAYS_PER_MONTH = 30.4;

/**
 * Monthly searches for a term whose words occur with relative frequency p in the corpus: p ×
 * this scale. Calibrated so that a common noun (shoes, about 76 per million words of film and TV
 * subtitles) comes out near 100,000 searches a month.
 */
export const SEARCHES_PER_UNIT_FREQUENCY = 1.3e9;
/** Each content word beyond the first narrows the audience: volume × this per extra word. */
export const EXTRA_WORD_FACTOR = 0.25;
/** Each intent word (buy, how, …) narrows it too, less than a content word. */
export const MODIFIER_FACTOR = 0.35;
/** The share of searches on which an advert with this budget could be shown. */
export const IMPRESSION_SHARE = 0.6;

/** The intent a term shows; it sets click-through rate, conversion rate and cost per click. */
export type Intent = 'commercial' | 'brand' | 'question' | 'general';

/** Click-through rate, conversion rate and base cost per click (dollars) per intent. */
export const INTENT_RATES: Record<Intent, { ctr: number; cvr: number; cpc: number }> = {
  commercial: { ctr: 0.055, cvr: 0.045, cpc: 1.2 },
  brand: { ctr: 0.07, cvr: 0.03, cpc: 0.85 },
  question: { ctr: 0.025, cvr: 0.008, cpc: 0.4 },
  general: { ctr: 0.035, cvr: 0.018, cpc: 0.65 },
};
/** Long-tail terms (three or more content words) convert better: conversion rate × this. */
export const LONG_TAIL_CVR_FACTOR = 1.3;
/** Popular terms cost more: cost per click × (1 + this × log10(monthly searches + 1)). */
export const COMPETITION_FACTOR = 0.12;
/** The range shown around each figure: ± this share (more for terms we know less about). */
export const RANGE_SPREAD = 0.3;

/** A set of the space-separated words of `words`. */
function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}

/** Words that show buying intent. */
export const COMMERCIAL_WORDS: ReadonlySet<string> = wordSet(
  'buy price prices cheap cheapest deal deals discount sale order shop store best top review ' +
    'reviews coupon hire cost quote rent book booking delivery near online service services repair ' +
    'affordable',
);

/** Words that ask a question: people looking for an answer rarely buy. */
export const QUESTION_WORDS: ReadonlySet<string> = wordSet(
  'how what why who when where which is are can does do should',
);

/** A few well-known brands: navigational searches click well but convert less for others. */
export const BRAND_WORDS: ReadonlySet<string> = wordSet(
  'nike adidas apple samsung amazon google microsoft sony ikea toyota ford honda coca pepsi disney ' +
    'netflix facebook walmart target starbucks',
);

/** Function words: they neither narrow nor widen a search. */
export const STOP_WORDS: ReadonlySet<string> = wordSet(
  'a an the and or of for in on to with at by from my me your i you it this that vs',
);
