/** @module magic-links.table — issued magic-link tokens, stored only as SHA-256 hashes. */
import type { Insertable, Selectable } from 'kysely';
import type { RevocableColumns } from '../../db/shared-columns.js';

/** Why the link was sent; decides the email's wording and what authentication does. */
export type MagicLinkPurpose = 'login' | 'signup' | 'secondary';

/** Columns of `magic_links`. A token is usable while used_at, revoked_at are null and expires_at is ahead. */
export interface MagicLinksTable extends RevocableColumns {
  id: string;
  project_id: string;
  token_hash: string;
  purpose: MagicLinkPurpose;
  user_id: string;
  email_id: string;
  email: string;
  redirect_url: string;
  code_challenge: string | null;
  failed_attempts: number;
}

export type MagicLinkRow = Selectable<MagicLinksTable>;
export type NewMagicLinkRow = Insertable<MagicLinksTable>;
