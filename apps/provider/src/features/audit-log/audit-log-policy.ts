/** @module audit-log-policy — how long the audit log keeps a record and how much one page shows. */

/** LATCHKEY_AUDIT_RETENTION_DAYS' default: a year, what most compliance regimes ask of security logs. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
/** The shortest and longest retention the provider accepts (a day; ten years). */
export const MIN_AUDIT_RETENTION_DAYS = 1;
export const MAX_AUDIT_RETENTION_DAYS = 3650;

/** Records per page when the caller names no `limit`, and the most it may ask for. */
export const DEFAULT_AUDIT_PAGE_SIZE = 100;
export const MAX_AUDIT_PAGE_SIZE = 1000;

/** How often a process deletes the records past retention. */
export const AUDIT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Actions whose `changes` keep the values before and after: settings, never a person's data. */
export function keepsChangedValues(action: string): boolean {
  return (
    action.startsWith('project.') ||
    action.startsWith('oauth_provider.') ||
    action.startsWith('webhook_endpoint.') ||
    action.startsWith('operator_key.')
  );
}
