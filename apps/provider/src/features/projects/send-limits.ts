/** @module send-limits — how many emails a project sends per recipient, client IP and project (SECURITY A5). */

/** The send limits of a project. A count of 0 turns its rule off. */
export interface SendLimits {
  /** At most one email per recipient per this many seconds (0: no cooldown). */
  recipientIntervalSeconds: number;
  /** At most this many emails per recipient per `recipientWindowSeconds`. */
  recipientPerWindow: number;
  recipientWindowSeconds: number;
  /** At most this many emails requested from one client IP (IPv6: one /64) per `ipWindowSeconds`. */
  ipPerWindow: number;
  ipWindowSeconds: number;
  /** At most this many emails for the whole project per `projectWindowSeconds`. */
  projectPerWindow: number;
  projectWindowSeconds: number;
}

/** SECURITY §2 "Send rate": 1 per 60 s and 5 per 15 min per recipient, plus per-IP and per-project caps. */
export const DEFAULT_SEND_LIMITS: Readonly<SendLimits> = Object.freeze({
  recipientIntervalSeconds: 60,
  recipientPerWindow: 5,
  recipientWindowSeconds: 15 * 60,
  ipPerWindow: 30,
  ipWindowSeconds: 15 * 60,
  projectPerWindow: 500,
  projectWindowSeconds: 60 * 60,
});

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

/** Each setting: its key in the project's `send_limits` JSON, its env variable, and its range. */
export const SEND_LIMIT_FIELDS: Readonly<
  Record<keyof SendLimits, { json: string; env: string; min: number; max: number }>
> = {
  recipientIntervalSeconds: {
    json: 'recipient_interval_seconds',
    env: 'LATCHKEY_SEND_LIMIT_INTERVAL_SECONDS',
    min: 0,
    max: ONE_WEEK_SECONDS,
  },
  recipientPerWindow: {
    json: 'recipient_per_window',
    env: 'LATCHKEY_SEND_LIMIT_PER_WINDOW',
    min: 0,
    max: 1e6,
  },
  recipientWindowSeconds: {
    json: 'recipient_window_seconds',
    env: 'LATCHKEY_SEND_LIMIT_WINDOW_SECONDS',
    min: 1,
    max: ONE_WEEK_SECONDS,
  },
  ipPerWindow: { json: 'ip_per_window', env: 'LATCHKEY_SEND_LIMIT_PER_IP', min: 0, max: 1e6 },
  ipWindowSeconds: {
    json: 'ip_window_seconds',
    env: 'LATCHKEY_SEND_LIMIT_IP_WINDOW_SECONDS',
    min: 1,
    max: ONE_WEEK_SECONDS,
  },
  projectPerWindow: { json: 'project_per_window', env: 'LATCHKEY_SEND_LIMIT_PER_PROJECT', min: 0, max: 1e9 },
  projectWindowSeconds: {
    json: 'project_window_seconds',
    env: 'LATCHKEY_SEND_LIMIT_PROJECT_WINDOW_SECONDS',
    min: 1,
    max: ONE_WEEK_SECONDS,
  },
};

const FIELD_NAMES = Object.keys(SEND_LIMIT_FIELDS) as Array<keyof SendLimits>;

/** Whether `value` is an allowed value of `field`. */
export function isValidSendLimit(field: keyof SendLimits, value: unknown): value is number {
  const { min, max } = SEND_LIMIT_FIELDS[field];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The overrides stored in a project's `send_limits` column (snake_case keys). Unknown keys and
 * out-of-range values are ignored, so a bad row falls back to the defaults rather than failing.
 */
export function sendLimitsFromJson(stored: unknown): Partial<SendLimits> {
  const overrides: Partial<SendLimits> = {};
  if (typeof stored !== 'object' || stored === null) return overrides;
  const record = stored as Record<string, unknown>;
  for (const field of FIELD_NAMES) {
    const value = record[SEND_LIMIT_FIELDS[field].json];
    if (isValidSendLimit(field, value)) overrides[field] = value;
  }
  return overrides;
}

/** The `send_limits` column value for `overrides` (snake_case keys); throws RangeError on a bad value. */
export function sendLimitsToJson(overrides: Partial<SendLimits>): Record<string, number> {
  const stored: Record<string, number> = {};
  for (const field of FIELD_NAMES) {
    const value = overrides[field];
    if (value === undefined) continue;
    const { json, min, max } = SEND_LIMIT_FIELDS[field];
    if (!isValidSendLimit(field, value))
      throw new RangeError(`${json} must be an integer from ${min} to ${max}`);
    stored[json] = value;
  }
  return stored;
}
