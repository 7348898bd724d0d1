/** The marquee's sample terms show what Clickwise does: each one has results, at every budget. */
import { expect, it } from 'vitest';
import { estimate } from './estimate.js';
import { BUDGET_OPTIONS } from './model.js';
import { panelStateOf, toResponse } from './response.js';
import { SAMPLE_TERMS } from './sample-terms.js';
import { subtlexFrequencies } from './subtlex.server.js';

it.each(SAMPLE_TERMS)('"%s" gives results, not the not-popular message, at every budget', (term) => {
  for (const budget of BUDGET_OPTIONS) {
    const state = panelStateOf(toResponse(estimate(term, budget, subtlexFrequencies()), 'id'), term);
    expect(state.kind, `${term} at $${budget} a day`).toBe('results');
  }
});
