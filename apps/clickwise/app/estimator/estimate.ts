/** @module estimate — the try-it-out estimate: a deterministic model, honest about being one. */
import {
  BRAND_WORDS,
  COMMERCIAL_WORDS,
  COMPETITION_FACTOR,
  DAYS_PER_MONTH,
  EXTRA_WORD_FACTOR,
  IMPRESSION_SHARE,
  INTENT_RATES,
  type Intent,
  LONG_TAIL_CVR_FACTOR,
  MAX_TERM_LENGTH,
  MAX_WORDS,
  MODEL_VERSION,
  MODIFIER_FACTOR,
  QUESTION_WORDS,
  RANGE_SPREAD,
  SEARCHES_PER_UNIT_FREQUENCY,
  STOP_WORDS,
} from './model.js';

/** How often words occur in a corpus. */
export interface WordFrequencies {
  /** Occurrences of the lower-cased word, or 0 when the corpus does not know it. */
  count(word: string): number;
  /** All occurrences of all words. */
  readonly total: number;
}

/** A figure and the range the model cannot rule out around it. */
export interface Figure {
  value: number;
  low: number;
  high: number;
}

/** What the estimator answers for one term and budget, per month. */
export interface Estimate {
  model_version: number;
  search: string;
  daily_budget: number;
  intent: Intent;
  /** Content words the corpus does not know (they make the term look unsearched). */
  unknown_words: string[];
  monthly_searches: number;
  clicks: Figure;
  conversions: Figure;
  /** Dollars; null when there are no clicks or no conversions to divide by. */
  cost_per_click: number | null;
  cost_per_conversion: number | null;
  monthly_spend: number;
}

/** Why a term cannot be estimated. */
export type TermProblem = 'empty' | 'too_long' | 'no_words';

/** The term as stored and echoed: trimmed, inner whitespace collapsed, case kept. */
export function normalizeTerm(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** Checks a normalized term; null when it can be estimated. */
export function termProblem(term: string): TermProblem | null {
  if (term === '') return 'empty';
  if ([...term].length > MAX_TERM_LENGTH) return 'too_long';
  if (wordsOf(term).length === 0) return 'no_words';
  return null;
}

/** Lower-cased words (letters, digits, apostrophes), at most MAX_WORDS. */
export function wordsOf(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).slice(0, MAX_WORDS);
}

/** The intent a term shows, by its words (commercial beats brand beats question). */
export function intentOf(words: readonly string[]): Intent {
  if (words.some((w) => COMMERCIAL_WORDS.has(w))) return 'commercial';
  if (words.some((w) => BRAND_WORDS.has(w))) return 'brand';
  if (words.some((w) => QUESTION_WORDS.has(w))) return 'question';
  return 'general';
}

/** Brands the subtitle corpus may not know get the frequency of a moderately common noun. */
const BRAND_COUNT_PER_MILLION = 40;

/** Estimated searches a month for the term's words. */
export function monthlySearches(
  words: readonly string[],
  corpus: WordFrequencies,
): {
  searches: number;
  unknown: string[];
} {
  const isModifier = (w: string) => COMMERCIAL_WORDS.has(w) || QUESTION_WORDS.has(w);
  const content = words.filter((w) => !STOP_WORDS.has(w) && !isModifier(w));
  const modifiers = words.filter(isModifier).length;
  const unknown: string[] = [];
  const frequencies = content.map((w) => {
    const count = BRAND_WORDS.has(w)
      ? Math.max(corpus.count(w), (BRAND_COUNT_PER_MILLION * corpus.total) / 1e6)
      : corpus.count(w);
    if (count === 0) unknown.push(w);
    return count / corpus.total;
  });
  // A term of only intent or function words ("how to buy") is too vague to advertise on.
  if (content.length === 0 || unknown.length > 0) return { searches: 0, unknown };
  const geometricMean = Math.exp(frequencies.reduce((sum, f) => sum + Math.log(f), 0) / frequencies.length);
  const narrowing = EXTRA_WORD_FACTOR ** (content.length - 1) * MODIFIER_FACTOR ** modifiers;
  return { searches: Math.round(SEARCHES_PER_UNIT_FREQUENCY * geometricMean * narrowing), unknown };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function figure(value: number, spread: number): Figure {
  return {
    value: round2(value),
    low: round2(value * (1 - spread)),
    high: round2(value * (1 + spread)),
  };
}

/**
 * Estimates a month of advertising on `term` with `dailyBudget` dollars a day. Pure and
 * deterministic; clicks never fall when the budget rises (they are the smaller of what the
 * audience offers and what the budget buys). `term` must pass {@link termProblem}.
 */
export function estimate(term: string, dailyBudget: number, corpus: WordFrequencies): Estimate {
  const words = wordsOf(term);
  const intent = intentOf(words);
  const rates = INTENT_RATES[intent];
  const { searches, unknown } = monthlySearches(words, corpus);
  const contentWords = words.filter((w) => !STOP_WORDS.has(w)).length;
  const cvr = rates.cvr * (contentWords >= 3 ? LONG_TAIL_CVR_FACTOR : 1);
  const cpc = rates.cpc * (1 + COMPETITION_FACTOR * Math.log10(searches + 1));
  const monthlyBudget = Math.max(0, dailyBudget) * DAYS_PER_MONTH;
  const available = searches * IMPRESSION_SHARE * rates.ctr;
  const affordable = monthlyBudget / cpc;
  const clicks = Math.min(available, affordable);
  const conversions = clicks * cvr;
  const spend = clicks * cpc;
  // Rarer terms rest on fewer corpus occurrences: widen the range for them.
  const spread = searches < 1000 ? RANGE_SPREAD * 1.5 : RANGE_SPREAD;
  return {
    model_version: MODEL_VERSION,
    search: term,
    daily_budget: dailyBudget,
    intent,
    unknown_words: unknown,
    monthly_searches: searches,
    clicks: figure(clicks, spread),
    conversions: figure(conversions, spread),
    cost_per_click: clicks > 0 ? round2(cpc) : null,
    cost_per_conversion: conversions > 0 ? round2(spend / conversions) : null,
    monthly_spend: round2(spend),
  };
}
