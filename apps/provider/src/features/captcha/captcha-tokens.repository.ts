/** @module captcha-tokens.repository — SQL for the used captcha tokens. */
import type { DbExecutor } from '../../db/database.js';

/**
 * Records `tokenHash` as used until `expiresAt`; true when no live record of it existed. One
 * statement, so two processes given the same token at once cannot both see it as new.
 */
export async function claimCaptchaToken(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('captcha_tokens')
    .values({ token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('token_hash')
        .doUpdateSet({ expires_at: expiresAt })
        // An expired record no longer counts: the token is claimed afresh (the sweep may not have run).
        .where('captcha_tokens.expires_at', '<=', now),
    )
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}
