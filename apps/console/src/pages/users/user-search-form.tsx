/**
 * @module user-search-form — the users list's search box and filters, kept in the address: typing
 * searches as it goes (once the typing pauses, replacing the address rather than adding a history
 * entry per letter), each filter change is a history entry, and Back or a reload shows the same
 * search with the form filled in. On a narrow screen the filters fold behind a button that says
 * how many are applied, so the search box and the first users fit on the first screen.
 */

import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { problemAttributes } from '../../components/field-problem.js';
import { FormProblem } from '../../components/form-problem.js';
import {
  filtersFromParams,
  filtersProblem,
  METHODS,
  NO_FILTERS,
  paramsWithFilters,
  type UserFilters,
} from './user-filters.js';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The two ends of the creation-date range, each a date field. */
const CREATED_BOUNDS = [
  { key: 'createdFrom', suffix: 'from', label: 'Created from (UTC)' },
  { key: 'createdTo', suffix: 'to', label: 'Created to (UTC)' },
] as const;

export function UserSearchForm({ oauthProviders }: { oauthProviders: readonly string[] }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [text, setText] = useState(filters.q);
  const id = useId();
  const problem = filtersProblem(filters);

  // The address changed under the box (Back, a link): show what it searches for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an address change may overwrite the typing.
  useEffect(() => {
    if (filters.q !== text.trim()) setText(filters.q);
  }, [filters.q]);

  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => {
      // Refining a search replaces it; the first letters of a new one are a history entry.
      setParams(paramsWithFilters(params, { ...filters, q: text }), { replace: filters.q !== '' });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, params, setParams]);

  const change = (patch: Partial<UserFilters>) =>
    setParams(paramsWithFilters(params, { ...filters, ...patch }));
  const filtered = JSON.stringify({ ...filters, q: text.trim() }) !== JSON.stringify(NO_FILTERS);
  const [filtersShown, setFiltersShown] = useState(false);
  const applied = [filters.status, filters.method, filters.createdFrom, filters.createdTo].filter(
    Boolean,
  ).length;

  return (
    <search className="user-search" aria-label="Find users">
      <form
        onSubmit={(event) => {
          // Enter searches at once instead of waiting for the pause.
          event.preventDefault();
          if (text.trim() !== filters.q) setParams(paramsWithFilters(params, { ...filters, q: text }));
        }}
      >
        <div className="field user-search-text">
          <label htmlFor={`${id}-q`}>Email or user ID</label>
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="ada@ or user-test-…"
            aria-describedby={`${id}-q-hint`}
            value={text}
            maxLength={256}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-q-hint`} className="hint">
            Matches the start of an address, or one user ID exactly.
          </p>
        </div>
        {/* Shown only on narrow screens (users.css); wide ones always show the filters. */}
        <button
          type="button"
          className="button secondary filters-toggle"
          aria-expanded={filtersShown}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersShown(!filtersShown)}
        >
          {filtersShown ? 'Hide filters' : 'Show filters'}
          {applied > 0 && ` (${applied} applied)`}
        </button>
        <div id={`${id}-filters`} className="field-row user-filters" data-folded={!filtersShown}>
          <div className="field">
            <label htmlFor={`${id}-status`}>Status</label>
            <select
              id={`${id}-status`}
              value={filters.status}
              onChange={(event) => change({ status: event.target.value as UserFilters['status'] })}
            >
              <option value="">Any status</option>
              <option value="active">Active</option>
              <option value="pending">Pending</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-method`}>Sign-in method</label>
            <select
              id={`${id}-method`}
              value={filters.method}
              onChange={(event) => change({ method: event.target.value })}
            >
              <option value="">Any method</option>
              {METHODS.map((method) => (
                <option key={method.value} value={method.value}>
                  {method.label}
                </option>
              ))}
              {oauthProviders.map((provider) => (
                <option key={provider} value={`oauth:${provider}`}>
                  OAuth: {oauthProviderName(provider)}
                </option>
              ))}
            </select>
          </div>
          {CREATED_BOUNDS.map(({ key, suffix, label }) => (
            <div className="field" key={key}>
              <label htmlFor={`${id}-${suffix}`}>{label}</label>
              <input
                id={`${id}-${suffix}`}
                type="date"
                value={filters[key]}
                {...problemAttributes(`${id}-range-error`, problem)}
                onChange={(event) => change({ [key]: event.target.value })}
              />
            </div>
          ))}
        </div>
        <FormProblem problem={problem} id={`${id}-range-error`} />
        {filtered && (
          <button
            type="button"
            className="link-button clear-filters"
            onClick={() => {
              setText('');
              setParams(paramsWithFilters(params, NO_FILTERS));
            }}
          >
            Clear search and filters
          </button>
        )}
      </form>
    </search>
  );
}
