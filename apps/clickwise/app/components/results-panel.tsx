/** The try-it-out results panel: hidden, loading, results, or the not-popular message (spec §4). */
import { forwardRef } from 'react';
import { Link } from 'react-router';
import type { PanelState, TryItOutResponse } from '../estimator/response.js';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A count as shown: rounded to a whole number. */
export const formatCount = (n: number) => whole.format(Math.round(n));
export const formatDollars = (n: number | null) => (n === null ? '—' : dollars.format(n));

export const NOT_POPULAR_MESSAGE =
  "Your search term doesn't seem to be very popular. Try again with a new one.";

interface Props {
  state: PanelState;
  /** With JavaScript the panel hides in place; without, "hide" is a link back to the bare page. */
  onHide?: () => void;
}

export const ResultsPanel = forwardRef<HTMLElement, Props>(function ResultsPanel({ state, onHide }, ref) {
  const hide = onHide ? (
    <button type="button" className="link-button" onClick={onHide}>
      Hide results
    </button>
  ) : (
    <a href="/#try-it-out" className="link-button">
      Hide results
    </a>
  );
  return (
    <section
      ref={ref}
      id="results-panel"
      // The state is in data-state only: a `results-loading` class here once met the spinner
      // line's own `.results-loading` rule (margin: 0), which moved the Estimating… card left.
      className="results-panel"
      data-state={state.kind}
      hidden={state.kind === 'hidden'}
      tabIndex={-1}
      aria-live="polite"
      aria-busy={state.kind === 'loading'}
      aria-labelledby="results-title"
    >
      {state.kind === 'loading' ? (
        <p className="results-loading" id="results-title">
          <span className="spinner" aria-hidden="true" /> Estimating…
        </p>
      ) : null}
      {state.kind === 'not-popular' ? (
        <>
          <h2 id="results-title">
            Estimated conversions: <span className="results-count">0</span>
          </h2>
          <p className="results-message">{NOT_POPULAR_MESSAGE}</p>
          <p className="results-term">
            You searched for <q>{state.search}</q>.
          </p>
          {hide}
        </>
      ) : null}
      {state.kind === 'results' ? <Results state={state} hide={hide} /> : null}
    </section>
  );
});

/** An estimated monthly count (`results[field]`, also its test id) with its likely range (`_low`, `_high`). */
function CountWithRange({
  label,
  field,
  results,
}: {
  label: string;
  field: 'conversions' | 'clicks';
  results: TryItOutResponse['results'];
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span className="results-count" data-testid={field}>
          {formatCount(results[field])}
        </span>
        <small>
          likely {formatCount(results[`${field}_low`])}–{formatCount(results[`${field}_high`])}
        </small>
      </dd>
    </div>
  );
}

function Results({
  state,
  hide,
}: {
  state: Extract<PanelState, { kind: 'results' }>;
  hide: React.ReactNode;
}) {
  const { results, results_id, search } = state.response;
  return (
    <>
      <h2 id="results-title">
        Estimated monthly results for <q className="results-search">{search}</q>
      </h2>
      <p className="results-budget">With a budget of {formatDollars(results.daily_budget)} a day.</p>
      <dl className="results-figures">
        <CountWithRange label="Conversions" field="conversions" results={results} />
        <CountWithRange label="Clicks" field="clicks" results={results} />
        <div>
          <dt>Cost per click</dt>
          <dd>{formatDollars(results.cost_per_click)}</dd>
        </div>
        <div>
          <dt>Cost per conversion</dt>
          <dd>{formatDollars(results.cost_per_conversion)}</dd>
        </div>
      </dl>
      <p className="results-note">
        About {formatCount(results.monthly_searches)} searches a month. A model, not a promise:{' '}
        <Link to="/how-estimates-work">how we estimate</Link>.
      </p>
      <p className="results-actions">
        <a className="button" href={`/campaign?adhoc_result=${encodeURIComponent(results_id)}`}>
          Start a campaign
        </a>
        {hide}
      </p>
    </>
  );
}
