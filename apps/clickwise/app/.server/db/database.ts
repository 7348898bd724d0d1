/** @module database — Clickwise's own tables, in schema `clickwise` of the shared Postgres. */
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { CampaignInput } from '../../campaign-rules.js';

/** A local user: a positive integer id linked to one Latchkey user. */
export interface UsersTable {
  id: Generated<number>;
  latchkey_user_id: string;
  email: string;
  created_at: ColumnType<Date, Date, never>;
  last_sign_in_at: Date;
}

/** The site's own sessions; the cookie holds a random token, the table only its hash. */
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  latchkey_session_id: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date;
  revoked_at: Date | null;
}

/** One stored estimate per (model version, term, budget): deterministic, so stored once. */
export interface EstimatesTable {
  id: string;
  model_version: number;
  search_term: string;
  daily_budget_cents: number;
  /** The Estimate object as JSON (see estimator/estimate.ts). */
  result: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, Date, never>;
}

/** A campaign's lifecycle: created as a draft, then started and paused at will. */
export type CampaignStatus = 'draft' | 'active' | 'paused';

/** A campaign, owned by one user: the form's fields (campaign-rules.ts), its search terms one a line. */
export interface CampaignsTable extends Omit<CampaignInput, 'search_terms'> {
  id: Generated<number>;
  user_id: number;
  estimate_id: string | null;
  search_terms: string;
  status: CampaignStatus;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

/** A Latchkey webhook already acted on, by its `webhook-id` (redeliveries are answered, not redone). */
export interface ReceivedWebhooksTable {
  webhook_id: string;
  event_type: string;
  received_at: ColumnType<Date, Date, never>;
}

/** The tables of schema `clickwise`. */
export interface ClickwiseDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  estimates: EstimatesTable;
  campaigns: CampaignsTable;
  received_webhooks: ReceivedWebhooksTable;
}

/** The database handle every repository takes (already scoped to the schema). */
export type Db = Kysely<ClickwiseDatabase>;
export type UserRow = Selectable<UsersTable>;
export type CampaignRow = Selectable<CampaignsTable>;
