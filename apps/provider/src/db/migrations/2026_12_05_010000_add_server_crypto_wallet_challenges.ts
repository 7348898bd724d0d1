/**
 * @module 2026_12_05_010000_add_server_crypto_wallet_challenges — the server API's wallet sign-in
 * (issue 20): a challenge records whether the integrator's server issued it (`for_server`), so a
 * browser's challenge is answered only through `/sdk/v1` and a server's only through `/v1`; and a
 * server's may name a user without a session (a wallet to add to the user the integrator names).
 * A browser's secondary challenge still binds both. Frozen.
 */
import { type Kysely, sql } from 'kysely';
import { replaceCheckConstraint } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('crypto_wallet_challenges')
    .addColumn('for_server', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await replaceCheckConstraint(
    db,
    'crypto_wallet_challenges',
    'crypto_wallet_challenges_binding_check',
    sql`(session_id is null) = (user_id is null) or (for_server and session_id is null)`,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  // Challenges live five minutes: the server API's open ones are dropped rather than kept unfinishable.
  await db.deleteFrom('crypto_wallet_challenges').where('for_server', '=', true).execute();
  await replaceCheckConstraint(
    db,
    'crypto_wallet_challenges',
    'crypto_wallet_challenges_binding_check',
    sql`(session_id is null) = (user_id is null)`,
  );
  await db.schema.alterTable('crypto_wallet_challenges').dropColumn('for_server').execute();
}
