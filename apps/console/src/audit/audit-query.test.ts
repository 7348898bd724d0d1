// The audit log's filters: read back from the URL, checked before asking, and sent as the API's query.
import { describe, expect, it } from 'vitest';
import { apiQueryOf, filtersFrom, filtersProblem, NO_FILTERS, searchOf } from './audit-query.js';

describe('audit filters', () => {
  it('round-trip through the URL and drop what the page would not send', () => {
    const filters = {
      ...NO_FILTERS,
      action: 'user.deleted',
      actor_type: 'operator',
      after: '2026-11-26T09:30',
    };
    expect(filtersFrom(searchOf(filters, 'c1'))).toEqual(filters);
    expect(searchOf(filters, 'c1').get('cursor')).toBe('c1');
    expect(filtersFrom(new URLSearchParams('actor_type=robot&after=yesterday'))).toEqual(NO_FILTERS);
  });

  it('make the API query with UTC times, the cursor and a page size', () => {
    const query = new URLSearchParams(
      apiQueryOf(
        {
          ...NO_FILTERS,
          action: 'user.deleted, session.revoked',
          after: '2026-11-26T09:30',
          before: '2026-11-27T00:00',
        },
        'next',
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      limit: '50',
      action: 'user.deleted,session.revoked',
      occurred_after: '2026-11-26T09:30:00.000Z',
      occurred_before: '2026-11-27T00:00:00.000Z',
      cursor: 'next',
    });
  });

  it('refuse a range that ends before it starts, and an action that is not one', () => {
    expect(filtersProblem({ ...NO_FILTERS, after: '2026-11-27T00:00', before: '2026-11-26T00:00' })).toMatch(
      /before its end/,
    );
    expect(filtersProblem({ ...NO_FILTERS, action: 'deleted users' })).toMatch(/user\.deleted/);
    expect(filtersProblem({ ...NO_FILTERS, action: 'user.deleted,session.revoked' })).toBeUndefined();
  });
});
