/**
 * @module user-filters — the users list's filters and order as they live in the address
 * (`?q=…&status=…&order=oldest`), so a search can be shared, reloaded and walked back, and as the
 * POST /v1/users/search body they stand for. The text box matches the start of an address (an
 * index range however many users) or names a user by id; the created range is whole UTC days, both
 * ends included. The list is newest first unless the address says `order=oldest`.
 */
import type { ServerUsersSearchOperand, ServerUsersSearchRequest } from '@latchkey/wire';

/** The list's order: newest first (what operators look for first: who just signed up) or oldest first. */
export type UsersOrder = 'newest' | 'oldest';

/** The order an address names; newest first unless it says `order=oldest`. */
export function orderFromParams(params: URLSearchParams): UsersOrder {
  return params.get('order') === 'oldest' ? 'oldest' : 'newest';
}

/** `params` in `order` (the default one left out of the address), back at the first page: a cursor belongs to one order. */
export function paramsWithOrder(params: URLSearchParams, order: UsersOrder): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('cursor');
  if (order === 'oldest') next.set('order', 'oldest');
  else next.delete('order');
  return next;
}

export interface UserFilters {
  /** An address's start, or a user id (`user-test-…`). */
  q: string;
  status: '' | 'active' | 'pending';
  /** A sign-in method key of METHODS, or `oauth:<provider_type>`; '' for any. */
  method: string;
  /** `YYYY-MM-DD` (UTC), or ''. */
  createdFrom: string;
  createdTo: string;
}

export const NO_FILTERS: UserFilters = { q: '', status: '', method: '', createdFrom: '', createdTo: '' };

/** The sign-in methods a user can be filtered by, each as the search filter that finds it. */
export const METHODS: ReadonlyArray<{ value: string; label: string; operand: ServerUsersSearchOperand }> = [
  {
    value: 'passkey',
    label: 'Passkey',
    operand: { filter_name: 'webauthn_registration_verified', filter_value: true },
  },
  { value: 'password', label: 'Password', operand: { filter_name: 'password_exists', filter_value: true } },
  {
    value: 'totp',
    label: 'Authenticator app',
    operand: { filter_name: 'totp_verified', filter_value: true },
  },
  { value: 'email', label: 'Verified email', operand: { filter_name: 'email_verified', filter_value: true } },
  { value: 'phone', label: 'Verified phone', operand: { filter_name: 'phone_verified', filter_value: true } },
  {
    value: 'wallet',
    label: 'Crypto wallet',
    operand: { filter_name: 'crypto_wallet_verified', filter_value: true },
  },
];

const KEYS = {
  q: 'q',
  status: 'status',
  method: 'method',
  createdFrom: 'created_from',
  createdTo: 'created_to',
} as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters an address names; anything unrecognised is dropped, never an error. */
export function filtersFromParams(params: URLSearchParams): UserFilters {
  const status = params.get(KEYS.status);
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  return {
    q: (params.get(KEYS.q) ?? '').slice(0, 256),
    status: status === 'active' || status === 'pending' ? status : '',
    method: params.get(KEYS.method) ?? '',
    createdFrom: day(KEYS.createdFrom),
    createdTo: day(KEYS.createdTo),
  };
}

/** `params` with `filters` written in (empty ones left out) and the page cursor dropped: a new search starts at its first page. */
export function paramsWithFilters(params: URLSearchParams, filters: UserFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('cursor');
  for (const [field, key] of Object.entries(KEYS) as [keyof UserFilters, string][]) {
    const value = field === 'q' ? filters.q.trim() : filters[field];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** What is wrong with the filters as a search, or undefined. */
export function filtersProblem(filters: UserFilters): string | undefined {
  if (filters.createdFrom && filters.createdTo && filters.createdFrom > filters.createdTo) {
    return 'The “created from” day is after the “created to” day.';
  }
  return undefined;
}

const USER_ID = /^user-(test|live)-\S+$/;

/** The search body for one page of the users `filters` match (all of them at once). */
export function searchBodyOf(
  filters: UserFilters,
  cursor: string | null,
  limit: number,
  order: UsersOrder = 'newest',
): ServerUsersSearchRequest {
  const operands: ServerUsersSearchOperand[] = [];
  const q = filters.q.trim();
  if (USER_ID.test(q)) operands.push({ filter_name: 'user_id', filter_value: [q] });
  else if (q) operands.push({ filter_name: 'email_address_prefix', filter_value: q.toLowerCase() });
  if (filters.status) operands.push({ filter_name: 'status', filter_value: filters.status });
  const method = METHODS.find((m) => m.value === filters.method);
  if (method) operands.push(method.operand);
  else if (filters.method.startsWith('oauth:') && filters.method.length > 6) {
    operands.push({ filter_name: 'oauth_provider', filter_value: [filters.method.slice(6)] });
  }
  if (filters.createdFrom) {
    operands.push({
      filter_name: 'created_at_greater_than',
      filter_value: startOfDay(filters.createdFrom, 0),
    });
  }
  if (filters.createdTo) {
    operands.push({ filter_name: 'created_at_less_than', filter_value: startOfDay(filters.createdTo, 1) });
  }
  return {
    limit,
    ...(cursor ? { cursor } : {}),
    order: order === 'oldest' ? 'created_at_asc' : 'created_at_desc',
    query: { operator: 'AND', operands },
  };
}

/** The start of `day` (UTC) plus `plusDays`, as RFC 3339; the search's bounds are exclusive, so one millisecond earlier. */
function startOfDay(day: string, plusDays: number): string {
  const at = Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000 - (plusDays === 0 ? 1 : 0);
  return new Date(at).toISOString();
}
