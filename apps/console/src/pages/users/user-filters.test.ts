// The filters become one AND search: an address start or an exact user id, whole UTC days both ends
// included, and unknown values in a hand-edited address are dropped rather than sent.
import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  orderFromParams,
  paramsWithFilters,
  paramsWithOrder,
  searchBodyOf,
} from './user-filters.js';

describe('user filters', () => {
  it('turns the address into the search body', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=Ada@Ex&status=active&method=passkey&created_from=2026-01-02&created_to=2026-01-03',
      ),
    );
    expect(searchBodyOf(filters, 'c1', 25)).toEqual({
      limit: 25,
      cursor: 'c1',
      order: 'created_at_desc',
      query: {
        operator: 'AND',
        operands: [
          { filter_name: 'email_address_prefix', filter_value: 'ada@ex' },
          { filter_name: 'status', filter_value: 'active' },
          { filter_name: 'webauthn_registration_verified', filter_value: true },
          { filter_name: 'created_at_greater_than', filter_value: '2026-01-01T23:59:59.999Z' },
          { filter_name: 'created_at_less_than', filter_value: '2026-01-04T00:00:00.000Z' },
        ],
      },
    });
    const byId = filtersFromParams(new URLSearchParams('q=user-test-1234&method=oauth:github'));
    expect(searchBodyOf(byId, null, 25).query?.operands).toEqual([
      { filter_name: 'user_id', filter_value: ['user-test-1234'] },
      { filter_name: 'oauth_provider', filter_value: ['github'] },
    ]);
  });

  it('drops what it does not know, and a new search loses the page cursor but keeps other parameters', () => {
    const filters = filtersFromParams(
      new URLSearchParams('status=deleted&created_from=yesterday&method=teleport'),
    );
    expect(searchBodyOf(filters, null, 25).query?.operands).toEqual([]);
    const next = paramsWithFilters(new URLSearchParams('cursor=c1&tab=x&q=old'), { ...filters, q: ' new ' });
    expect(next.toString()).toBe('tab=x&q=new&method=teleport');
  });

  it('lists newest first unless the address says oldest; switching the order goes back to the first page', () => {
    expect(orderFromParams(new URLSearchParams(''))).toBe('newest');
    expect(orderFromParams(new URLSearchParams('order=sideways'))).toBe('newest');
    expect(orderFromParams(new URLSearchParams('order=oldest'))).toBe('oldest');
    const filters = filtersFromParams(new URLSearchParams(''));
    expect(searchBodyOf(filters, null, 25, 'oldest').order).toBe('created_at_asc');
    expect(searchBodyOf(filters, null, 25, 'newest').order).toBe('created_at_desc');
    const oldest = paramsWithOrder(new URLSearchParams('q=ada&cursor=c1'), 'oldest');
    expect(oldest.toString()).toBe('q=ada&order=oldest');
    expect(paramsWithOrder(oldest, 'newest').toString()).toBe('q=ada');
    // A new search keeps the order.
    expect(paramsWithFilters(oldest, { ...filters, q: 'bob' }).toString()).toBe('q=bob&order=oldest');
  });
});
