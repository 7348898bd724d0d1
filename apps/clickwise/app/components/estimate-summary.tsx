/** A stored estimate in one line, beside the campaign built from it. */
import type { Estimate } from '../estimator/estimate.js';
import { formatCount, formatDollars } from './results-panel.js';

export function EstimateSummary({ estimate }: { estimate: Estimate }) {
  return (
    <aside className="estimate-summary" aria-label="Estimate">
      <p>
        Estimate for <q>{estimate.search}</q> at {formatDollars(estimate.daily_budget)} a day:{' '}
        <strong>{formatCount(estimate.clicks.value)} clicks</strong> and{' '}
        <strong>{formatCount(estimate.conversions.value)} conversions</strong> a month.
      </p>
    </aside>
  );
}
