/** @module response — the try-it-out JSON (spec §3, §7) and how the page reads it (spec §8). */
import type { Estimate } from './estimate.js';

/** The JSON the form's action answers to an XMLHttpRequest post. */
export interface TryItOutResponse {
  results: {
    conversions: number;
    clicks: number;
    conversions_low: number;
    conversions_high: number;
    clicks_low: number;
    clicks_high: number;
    cost_per_click: number | null;
    cost_per_conversion: number | null;
    monthly_searches: number;
    monthly_spend: number;
    daily_budget: number;
    intent: Estimate['intent'];
  };
  results_id: string;
  search: string;
}

/** Builds the JSON of a stored estimate. */
export function toResponse(estimate: Estimate, resultsId: string): TryItOutResponse {
  return {
    results: {
      conversions: estimate.conversions.value,
      clicks: estimate.clicks.value,
      conversions_low: estimate.conversions.low,
      conversions_high: estimate.conversions.high,
      clicks_low: estimate.clicks.low,
      clicks_high: estimate.clicks.high,
      cost_per_click: estimate.cost_per_click,
      cost_per_conversion: estimate.cost_per_conversion,
      monthly_searches: estimate.monthly_searches,
      monthly_spend: estimate.monthly_spend,
      daily_budget: estimate.daily_budget,
      intent: estimate.intent,
    },
    results_id: resultsId,
    search: estimate.search,
  };
}

/** What the results panel shows. */
export type PanelState =
  | { kind: 'hidden' }
  | { kind: 'loading' }
  | { kind: 'results'; response: TryItOutResponse }
  | { kind: 'not-popular'; search: string };

/**
 * Spec §8: a response without the expected fields, or whose conversions round to 0 or less,
 * shows the not-popular message (count 0) with the term that was sent.
 */
export function panelStateOf(body: unknown, sentTerm: string): PanelState {
  const b = body as Partial<TryItOutResponse> | null;
  const ok =
    typeof b === 'object' &&
    b !== null &&
    typeof b.results?.conversions === 'number' &&
    typeof b.results?.clicks === 'number' &&
    typeof b.results_id === 'string' &&
    typeof b.search === 'string';
  if (!ok || Math.round(b.results!.conversions) <= 0) {
    return { kind: 'not-popular', search: typeof b?.search === 'string' ? b.search : sentTerm };
  }
  return { kind: 'results', response: b as TryItOutResponse };
}
