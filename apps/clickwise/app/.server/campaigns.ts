/** @module campaigns — campaigns of one user: another user's campaign is never found. */
import type { ExpressionBuilder } from 'kysely';
import type { CampaignInput } from '../campaign-rules.js';
import type { Clock } from './clock.js';
import type { CampaignRow, CampaignStatus, ClickwiseDatabase, Db } from './db/database.js';

/** The status changes a user can ask for, and from which states. */
export const TRANSITIONS: Record<'start' | 'pause', { from: CampaignStatus[]; to: CampaignStatus }> = {
  start: { from: ['draft', 'paused'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
};

/** Campaign `id`, only if `userId` owns it: the one filter every read and change of one campaign uses. */
function ownedBy(userId: number, id: number) {
  return (eb: ExpressionBuilder<ClickwiseDatabase, 'campaigns'>) => eb.and({ id, user_id: userId });
}

function columns(input: CampaignInput) {
  return {
    name: input.name,
    search_terms: input.search_terms.join('\n'),
    headline: input.headline,
    description: input.description,
    daily_budget_cents: input.daily_budget_cents,
    locations: input.locations,
    starts_on: input.starts_on,
    ends_on: input.ends_on,
  };
}

/** Saves a new campaign as a draft. */
export async function createCampaign(
  db: Db,
  clock: Clock,
  userId: number,
  input: CampaignInput,
  estimateId: string | null,
): Promise<CampaignRow> {
  const now = clock.now();
  return db
    .insertInto('campaigns')
    .values({
      user_id: userId,
      estimate_id: estimateId,
      ...columns(input),
      status: 'draft',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's campaigns, newest first. */
export function listCampaigns(db: Db, userId: number): Promise<CampaignRow[]> {
  return db.selectFrom('campaigns').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The campaign `id` if `userId` owns it; null otherwise (the caller answers 404). */
export async function findCampaign(db: Db, userId: number, id: number): Promise<CampaignRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.selectFrom('campaigns').selectAll().where(ownedBy(userId, id)).executeTakeFirst();
  return row ?? null;
}

/** Replaces the fields of the user's campaign; null when it is not theirs. */
export async function updateCampaign(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  input: CampaignInput,
): Promise<CampaignRow | null> {
  const row = await db
    .updateTable('campaigns')
    .set({ ...columns(input), updated_at: clock.now() })
    .where(ownedBy(userId, id))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The outcome of a status change. */
export type TransitionOutcome =
  | { ok: true; campaign: CampaignRow }
  | { ok: false; reason: 'not_found' | 'conflict' };

/**
 * Starts or pauses the user's campaign. The allowed current states are part of the UPDATE,
 * so a change from a state that no longer holds (another tab) is a conflict, not a silent flip.
 */
export async function transitionCampaign(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  action: keyof typeof TRANSITIONS,
): Promise<TransitionOutcome> {
  const { from, to } = TRANSITIONS[action];
  const row = await db
    .updateTable('campaigns')
    .set({ status: to, updated_at: clock.now() })
    .where(ownedBy(userId, id))
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (row) return { ok: true, campaign: row };
  return { ok: false, reason: (await findCampaign(db, userId, id)) ? 'conflict' : 'not_found' };
}
