/** @module rate-limit-buckets.table — one fixed-window counter per (project, scope, key). */
import type { Selectable } from 'kysely';

/**
 * Columns of `rate_limit_buckets`. A bucket counts the hits it let through since
 * `window_started_at`; at `expires_at` it is as good as absent (the next hit restarts it) and the
 * sweep may delete it.
 */
export interface RateLimitBucketsTable {
  project_id: string;
  scope: string;
  key_hash: string;
  hits: number;
  window_started_at: Date;
  expires_at: Date;
}

export type RateLimitBucketRow = Selectable<RateLimitBucketsTable>;
