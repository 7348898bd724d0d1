/**
 * @module users-page — /console/projects/:projectId/users: find a project's users as you type and
 * walk them a page at a time, newest first or oldest first (cursor pages: a deep page costs what
 * the first does, and the page holds one page of rows however many users match). The search, the
 * order and the page are in the address; the cursors of the pages before this one ride in the
 * history entry, so Previous and Back agree.
 */

import type { ServerUsersSearchResult } from '@latchkey/wire';
import { useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useOperator } from '../../auth/operator-context.js';
import { PageHeading } from '../../components/page-heading.js';
import { EmptyState, ErrorState, Loading } from '../../components/status.js';
import type { OAuthProviderSummary } from '../../lib/project-types.js';
import { useResource } from '../../lib/use-resource.js';
import {
  filtersFromParams,
  filtersProblem,
  NO_FILTERS,
  orderFromParams,
  paramsWithOrder,
  searchBodyOf,
  type UsersOrder,
} from './user-filters.js';
import { UserSearchForm } from './user-search-form.js';
import { UsersTable } from './users-table.js';
import './users.css';

/** Rows per page: enough to scan, few enough that the page stays light. */
export const USERS_PAGE_SIZE = 25;

type Page = Pick<ServerUsersSearchResult, 'results' | 'results_metadata'>;

export function UsersPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const order = orderFromParams(params);
  const cursor = params.get('cursor');
  const problem = filtersProblem(filters);
  const body = searchBodyOf(filters, cursor, USERS_PAGE_SIZE, order);
  const orderId = useId();
  const page = useResource(`users:${projectId}:${JSON.stringify(body)}`, () =>
    problem ? Promise.resolve<Page | null>(null) : api<Page>('POST', '/v1/users/search', body, projectId),
  );
  const providers = useResource(`users-oauth:${projectId}`, () =>
    api<{ oauth_providers: OAuthProviderSummary[] }>(
      'GET',
      `/v1/projects/${projectId}/oauth_providers`,
    ).catch(
      // The method filter works without them; the list is what matters.
      () => ({ oauth_providers: [] }),
    ),
  );
  // While the next search runs the last answer stays in place (no flash of emptiness per letter).
  const lastShown = useRef<Page | null>(null);
  if (page.state === 'ready') lastShown.current = page.data;
  const shown = page.state === 'ready' ? page.data : lastShown.current;
  const searching = page.state === 'loading';

  // The cursors of the pages before this one (absent after a reload of a shared deep link).
  const { before, deleted } = (location.state ?? {}) as { before?: string[]; deleted?: string };
  const pageNumber = cursor ? (before ? before.length + 1 : undefined) : 1;
  const toPage = (nextCursor: string | null, nextBefore: string[]) => {
    const next = new URLSearchParams(params);
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    navigate({ search: `?${next}` }, { state: { before: nextBefore } });
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const oauthTypes =
    providers.state === 'ready' ? providers.data.oauth_providers.map((p) => p.provider_type) : [];

  return (
    <>
      <PageHeading intro="Find a user by the start of their address, or narrow the list with filters.">
        Users
      </PageHeading>
      {deleted && (
        <p className="notice" role="status">
          {deleted} was deleted.
        </p>
      )}
      <UserSearchForm oauthProviders={oauthTypes} />
      <section className="users-results" aria-labelledby="users-results-title" aria-busy={searching}>
        <h2 id="users-results-title" className="visually-hidden">
          Results
        </h2>
        {page.state === 'error' && (
          <ErrorState error={page.error} retry={page.retry} title="The users could not be loaded" />
        )}
        {page.state !== 'error' && !shown && !problem && <Loading label="Loading users…" />}
        {page.state !== 'error' && shown && (
          <>
            <div className="results-bar">
              <p className="results-summary" role="status" aria-live="polite">
                {searching ? 'Searching…' : shown.results.length > 0 ? summary(shown, pageNumber) : ''}
              </p>
              <div className="results-order">
                <label htmlFor={orderId}>Order</label>
                <select
                  id={orderId}
                  value={order}
                  onChange={(event) =>
                    navigate({ search: `?${paramsWithOrder(params, event.target.value as UsersOrder)}` })
                  }
                >
                  <option value="newest">Newest first</option>
                  <option value="oldest">Oldest first</option>
                </select>
              </div>
            </div>
            {/* An empty answer says so once, here (the summary above then says nothing): a live
                region kept in the page, so the words are announced when they arrive. */}
            <div role="status" aria-live="polite">
              {shown.results.length === 0 && (
                <EmptyState title={filtered ? 'No users match' : 'No users yet'}>
                  <p>
                    {filtered
                      ? 'Try fewer letters or other filters.'
                      : 'Users appear here once they sign up, or when your back end creates them.'}
                  </p>
                </EmptyState>
              )}
            </div>
            {shown.results.length > 0 && (
              <UsersTable
                projectId={projectId}
                users={shown.results}
                order={order}
                caption={`Users, ${order} first${pageNumber ? `, page ${pageNumber}` : ''}`}
              />
            )}
            <nav className="pager" aria-label="Pages of users">
              {cursor && before && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={searching}
                  onClick={() => toPage(before.at(-1) || null, before.slice(0, -1))}
                >
                  Previous page
                </button>
              )}
              {cursor && !before && (
                <Link className="button secondary" to={{ search: `?${withoutCursor(params)}` }}>
                  First page
                </Link>
              )}
              {shown.results_metadata.next_cursor && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={searching}
                  onClick={() =>
                    toPage(shown.results_metadata.next_cursor, [...(before ?? []), cursor ?? ''])
                  }
                >
                  Next page
                </button>
              )}
            </nav>
          </>
        )}
      </section>
    </>
  );
}

function withoutCursor(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('cursor');
  return next;
}

const count = new Intl.NumberFormat();

/** "Users 26–50 of 100,000" ("User 7 of 7" for one row), or without the range when the page's place is unknown. */
function summary(page: Page, pageNumber: number | undefined): string {
  const total = page.results_metadata.total;
  if (pageNumber === undefined) {
    return `${count.format(total)} ${total === 1 ? 'user matches' : 'users match'}; showing ${page.results.length}.`;
  }
  const first = (pageNumber - 1) * USERS_PAGE_SIZE + 1;
  const last = first + page.results.length - 1;
  if (first === last) return `User ${count.format(first)} of ${count.format(total)}`;
  return `Users ${count.format(first)}–${count.format(last)} of ${count.format(total)}`;
}
