/** @module oauth-one-tap.table — the oauth_one_tap_callbacks table. */
import type { Insertable } from 'kysely';
import type { SingleUseColumns } from '../../db/shared-columns.js';

/** Columns of `oauth_one_tap_callbacks`: one One Tap start, whose callback id is the nonce given to Google. */
export interface OAuthOneTapCallbacksTable extends SingleUseColumns {
  /** SHA-256 (base64url) of the callback id; the id itself is never stored. */
  callback_hash: string;
  project_id: string;
  /** The embedding page's origin at the start; the submit must come from the same one. */
  parent_origin: string;
}

export type NewOAuthOneTapCallbackRow = Insertable<OAuthOneTapCallbacksTable>;
