/** POST /estimate — the try-it-out form's action: JSON for the page's script, a redirect without it. */
import { type ActionFunctionArgs, redirect } from 'react-router';
import { saveEstimate } from '../.server/estimates.js';
import { appOf, assertSameOrigin, isXhr } from '../.server/request.js';
import { estimate, normalizeTerm, termProblem } from '../estimator/estimate.js';
import { BUDGET_OPTIONS, DEFAULT_DAILY_BUDGET, MAX_TERM_LENGTH } from '../estimator/model.js';
import { PROBLEM_MESSAGES } from '../estimator/problems.js';
import { toResponse } from '../estimator/response.js';
import { SAMPLE_FIELD } from '../try-it-out-fields.js';

/** One of the offered budgets; anything else is the default (the estimate stays comparable). */
export function parseBudget(value: FormDataEntryValue | null): number {
  const n = Number(value);
  return (BUDGET_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_DAILY_BUDGET;
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const app = appOf(context);
  const form = await request.formData();
  // A marquee's sample term (its button's `sample` field) rather than the search field's value.
  const sample = form.get(SAMPLE_FIELD);
  const raw = typeof sample === 'string' && sample.trim() !== '' ? sample : form.get('search');
  const term = normalizeTerm(typeof raw === 'string' ? raw : '');
  const budget = parseBudget(form.get('budget'));
  const problem = termProblem(term);
  if (problem) {
    if (isXhr(request)) {
      return Response.json(
        {
          error_type: `search_${problem}`,
          error_message: PROBLEM_MESSAGES[problem],
          search: term.slice(0, MAX_TERM_LENGTH),
        },
        { status: 400 },
      );
    }
    return redirect(`/?problem=${problem}#try-it-out`, 303);
  }
  const result = estimate(term, budget, app.corpus());
  const resultsId = await saveEstimate(app.db, app.clock, result);
  if (isXhr(request)) return Response.json(toResponse(result, resultsId));
  // Post/redirect/get: the landing page renders the stored estimate (JavaScript off).
  return redirect(`/?results_id=${encodeURIComponent(resultsId)}#results`, 303);
}

export function loader() {
  return redirect('/');
}
