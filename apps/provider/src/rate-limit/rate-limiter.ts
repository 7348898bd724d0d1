/** @module rate-limiter — fixed-window rate limits whose counters live in the database (SECURITY A5, A8, K4). */
import type { Clock } from '../clock.js';
import { sha256Base64url } from '../crypto/hash.js';
import type { Db } from '../db/database.js';
import {
  type AdmittedHit,
  admitHit,
  type BucketKey,
  bucketExpiry,
  deleteExpiredBuckets,
  refundHit,
} from './rate-limit.repository.js';

/** One limit: at most `limit` hits per `windowSeconds` for `key` within `scope`. */
export interface RateLimitRule {
  /** What is counted, e.g. `magic_link_send.recipient.interval`. */
  scope: string;
  /** Who is counted, e.g. a normalised address; stored only as its SHA-256. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome of a check; a refusal names the rule and when trying again can succeed. */
export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; rule: RateLimitRule; retryAfterSeconds: number };

/** Checks and counts requests against rules; shared by every process that uses the database. */
export interface RateLimiter {
  /**
   * Admits the request only if every rule has room, and then counts it once against each.
   * Rules are checked in order; a refusal gives back the hits the earlier rules took, so a
   * refused request uses up no one's budget.
   */
  consume(projectId: string, rules: readonly RateLimitRule[]): Promise<RateLimitDecision>;
  /** Deletes the buckets whose window has ended; returns how many. */
  sweepExpired(): Promise<number>;
}

/** Options of createRateLimiter. */
export interface CreateRateLimiterOptions {
  db: Db;
  clock: Clock;
  /** How often consume() also sweeps expired buckets (by the injected clock); default 60 s. */
  sweepIntervalMs?: number;
}

/**
 * Creates a rate limiter over `rate_limit_buckets`. Each check-and-count is one statement, so
 * limits hold across restarts and across processes sharing the database (SECURITY A8). A database
 * failure propagates (and becomes 503): the limiter fails closed (SECURITY J3).
 */
export function createRateLimiter(options: CreateRateLimiterOptions): RateLimiter {
  const { db, clock } = options;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  let lastSweepAt = Number.NEGATIVE_INFINITY;

  const bucketOf = (projectId: string, rule: RateLimitRule): BucketKey => ({
    projectId,
    scope: rule.scope,
    keyHash: sha256Base64url(rule.key),
  });

  async function sweepExpired(): Promise<number> {
    lastSweepAt = clock.now().getTime();
    return deleteExpiredBuckets(db, clock.now());
  }

  async function refuse(
    admitted: Array<{ bucket: BucketKey; hit: AdmittedHit }>,
    bucket: BucketKey,
    rule: RateLimitRule,
    now: Date,
  ): Promise<RateLimitDecision> {
    for (const earlier of admitted) await refundHit(db, earlier.bucket, earlier.hit.windowStartedAt);
    const expiresAt = await bucketExpiry(db, bucket);
    const waitMs = expiresAt ? expiresAt.getTime() - now.getTime() : 0;
    // Retry-After is whole seconds, and never 0: "now" was just refused.
    return { allowed: false, rule, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  return {
    async consume(projectId, rules) {
      const now = clock.now();
      if (now.getTime() - lastSweepAt >= sweepIntervalMs) await sweepExpired();
      const admitted: Array<{ bucket: BucketKey; hit: AdmittedHit }> = [];
      for (const rule of rules) {
        const bucket = bucketOf(projectId, rule);
        // A limit below 1 admits nothing (fail closed), without creating a bucket.
        const hit =
          rule.limit >= 1
            ? await admitHit(db, bucket, rule.limit, now, rule.windowSeconds * 1000)
            : undefined;
        if (!hit) return refuse(admitted, bucket, rule, now);
        admitted.push({ bucket, hit });
      }
      return { allowed: true };
    },
    sweepExpired,
  };
}
