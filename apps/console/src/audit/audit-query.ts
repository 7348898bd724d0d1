/**
 * @module audit-query — the audit log page's filters as they live in the URL, and the API query
 * they make. Times are typed as UTC minutes (`2026-11-26T09:30`), the log's own clock.
 */
import { WEBHOOK_EVENT_TYPE_NAMES } from '@latchkey/wire';

export const ACTOR_TYPES = ['operator', 'project', 'user', 'system'] as const;

/** Actions offered in the filter (any other can be typed). */
export const KNOWN_ACTIONS: readonly string[] = [
  ...WEBHOOK_EVENT_TYPE_NAMES,
  'project.created',
  'project.updated',
  'project.secret_rotated',
  'oauth_provider.updated',
  'oauth_provider.removed',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'operator_key.created',
  'operator_key.revoked',
  'console_operator.invited',
  'console_operator.removed',
];

export interface AuditFilters {
  action: string;
  actor_type: string;
  actor_id: string;
  /** UTC `YYYY-MM-DDTHH:mm`, inclusive. */
  after: string;
  /** UTC `YYYY-MM-DDTHH:mm`, exclusive. */
  before: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actor_type: '', actor_id: '', after: '', before: '' };

const MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export function filtersFrom(params: URLSearchParams): AuditFilters {
  const read = (key: keyof AuditFilters) => params.get(key)?.trim() ?? '';
  return {
    action: read('action'),
    actor_type: ACTOR_TYPES.includes(read('actor_type') as never) ? read('actor_type') : '',
    actor_id: read('actor_id'),
    after: MINUTE.test(read('after')) ? read('after') : '',
    before: MINUTE.test(read('before')) ? read('before') : '',
  };
}

/** What is wrong with the filters as typed, or undefined. */
export function filtersProblem(filters: AuditFilters): string | undefined {
  if (filters.after && filters.before && filters.after >= filters.before)
    return 'The start of the time range must be before its end.';
  if (filters.action && !/^[a-z_]+\.[a-z_]+(,\s*[a-z_]+\.[a-z_]+)*$/.test(filters.action))
    return 'Actions look like user.deleted; separate several with commas.';
  return undefined;
}

/** The page's address for `filters` (the first page: a new filter starts from the newest record). */
export function searchOf(filters: AuditFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** The API query string for `filters` and the page `cursor`. */
export function apiQueryOf(filters: AuditFilters, cursor: string | null, limit = 50): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.action) query.set('action', filters.action.replace(/\s+/g, ''));
  if (filters.actor_type) query.set('actor_type', filters.actor_type);
  if (filters.actor_id) query.set('actor_id', filters.actor_id);
  if (filters.after) query.set('occurred_after', `${filters.after}:00.000Z`);
  if (filters.before) query.set('occurred_before', `${filters.before}:00.000Z`);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
