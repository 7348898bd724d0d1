/**
 * @module retention-policy — what the scheduled clean-up deletes and when (docs/provider-api.md
 * "Retention"). Each rule names a table and the condition that makes a row dead at `cutoff`;
 * the rows that matter to a live sign-in (unexpired tokens, open sessions, running windows) never
 * match. Lockout and failure counters are security state and are not swept here; finished
 * delivery jobs, webhook events and the audit log keep their own sweeps.
 */

/** LATCHKEY_RETENTION_*: how long dead rows are kept before the clean-up deletes them. */
export interface RetentionSettings {
  /** How often a process tries to run the clean-up (one process at a time runs it); 0: never. */
  intervalMinutes: number;
  /** Days a session is kept after it expired or was revoked (the sessions list and support look back). */
  sessionsDays: number;
  /** Hours single-use tokens, intermediate sessions and captcha tokens are kept after they expired. */
  tokensHours: number;
  /** Days SDK telemetry events are kept after they arrived. */
  sdkEventsDays: number;
  /** Days the development outbox keeps a message. */
  outboxDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  intervalMinutes: 15,
  sessionsDays: 7,
  tokensHours: 24,
  sdkEventsDays: 30,
  outboxDays: 7,
};

/** Rows deleted per statement: each batch is one short transaction, so no lock is held for long. */
export const RETENTION_BATCH_SIZE = 1_000;

/** Single-use tables (db/single-use-rows.ts) and the captcha tokens: dead once `expires_at` passed. */
export const EXPIRING_TOKEN_TABLES = [
  'magic_links',
  'password_resets',
  'otp_codes',
  'oauth_tokens',
  'intermediate_sessions',
  'oauth_states',
  'oauth_one_tap_callbacks',
  'webauthn_challenges',
  'crypto_wallet_challenges',
  'captcha_tokens',
] as const;

export type ExpiringTokenTable = (typeof EXPIRING_TOKEN_TABLES)[number];

/** One table's rule: which rows are dead at `now`. */
export type RetentionRule =
  | { table: ExpiringTokenTable | 'rate_limit_buckets'; kind: 'expired'; cutoff: Date }
  | { table: 'sessions'; kind: 'ended'; cutoff: Date }
  | { table: 'sdk_events'; kind: 'received'; cutoff: Date }
  | { table: 'outbox_messages'; kind: 'created'; cutoff: Date };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The rules at `now`, in the order they run. */
export function retentionRules(settings: RetentionSettings, now: Date): RetentionRule[] {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return [
    // A rate-limit window that ended counts nothing any more.
    { table: 'rate_limit_buckets', kind: 'expired', cutoff: now },
    ...EXPIRING_TOKEN_TABLES.map(
      (table) => ({ table, kind: 'expired', cutoff: before(settings.tokensHours * HOUR_MS) }) as const,
    ),
    { table: 'sessions', kind: 'ended', cutoff: before(settings.sessionsDays * DAY_MS) },
    { table: 'sdk_events', kind: 'received', cutoff: before(settings.sdkEventsDays * DAY_MS) },
    { table: 'outbox_messages', kind: 'created', cutoff: before(settings.outboxDays * DAY_MS) },
  ];
}
