/** @module audit-events — a project's back end reads its audit log: `GET /v1/audit_events`, newest first, page by page. */

import type { AuditEventsListResult } from '@latchkey/wire';
import { postServerApi } from './internal/post-server-api.js';
import { type ResolvedServerClientOptions, requireSecret } from './options.js';

/** The filters and page of `auditEvents.list`, named as on the wire; every field optional. */
export interface AuditEventsQuery {
  /** One action or several, e.g. `['user.deleted', 'session.revoked']`. */
  action?: string | readonly string[];
  actor_type?: 'operator' | 'project' | 'user' | 'system';
  actor_id?: string;
  user_id?: string;
  /** Inclusive lower and exclusive upper bound of `occurred_at`. */
  occurred_after?: Date | string;
  occurred_before?: Date | string;
  /** 1–1000; the provider's default is 100. */
  limit?: number;
  /** The previous page's `results_metadata.next_cursor`. */
  cursor?: string;
}

/** The operator view's filters (`GET /v1/audit_events/operator`): the same, and one project's operator changes. */
export interface OperatorAuditEventsQuery extends AuditEventsQuery {
  project_id?: string;
}

/** The `auditEvents` namespace of the server client (project secret required). */
export interface AuditEventsServerMethods {
  /** One page of the project's audit log; pass `results_metadata.next_cursor` back as `cursor` for the next. */
  list(query?: AuditEventsQuery): Promise<AuditEventsListResult>;
}

/** `?name=value&…` of the filters given (lists comma-joined, times as RFC 3339); '' when none. */
export function auditQueryString(query: AuditEventsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text =
      value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(',') : String(value);
    params.set(name, text);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Builds the namespace over resolved options. */
export function createAuditEventsServerMethods(
  options: ResolvedServerClientOptions,
): AuditEventsServerMethods {
  return {
    async list(query = {}) {
      const secret = requireSecret(options);
      return (await postServerApi(
        options,
        secret,
        `/v1/audit_events${auditQueryString(query)}`,
        undefined,
        'GET',
      )) as AuditEventsListResult;
    },
  };
}
