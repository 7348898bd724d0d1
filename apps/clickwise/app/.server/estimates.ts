/** @module estimates — stored estimates: each has a results_id the campaign page starts from. */
import { randomBytes } from 'node:crypto';
import type { Estimate } from '../estimator/estimate.js';
import type { Clock } from './clock.js';
import type { Db } from './db/database.js';

/** A results_id: 16 base64url characters, unguessable. */
export const RESULTS_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * Stores `estimate` and returns its results_id. The estimate is deterministic, so the same
 * term, budget and model share one row and one id.
 */
export async function saveEstimate(db: Db, clock: Clock, estimate: Estimate): Promise<string> {
  const key = {
    model_version: estimate.model_version,
    search_term: estimate.search,
    daily_budget_cents: Math.round(estimate.daily_budget * 100),
  };
  const inserted = await db
    .insertInto('estimates')
    .values({
      id: randomBytes(12).toString('base64url'),
      ...key,
      result: JSON.stringify(estimate),
      created_at: clock.now(),
    })
    .onConflict((oc) => oc.columns(['model_version', 'search_term', 'daily_budget_cents']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('estimates')
    .select('id')
    .where((eb) => eb.and(key))
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** A stored estimate with its id, or null for an unknown or malformed id. */
export async function findEstimate(db: Db, id: string | null): Promise<(Estimate & { id: string }) | null> {
  if (!id || !RESULTS_ID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom('estimates')
    .select(['id', 'result'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const result = (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as Estimate;
  return { ...result, id: row.id };
}
