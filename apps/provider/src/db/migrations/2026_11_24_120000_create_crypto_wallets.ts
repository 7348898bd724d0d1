/** @module 2026_11_24_120000_create_crypto_wallets — crypto wallets, their sign-in challenges, and the project's SIWE flag. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, createUniqueIndexOn, singleUseColumns, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Ethereum challenges are EIP-4361 (Sign-In with Ethereum) messages when this is set.
  await db.schema
    .alterTable('projects')
    .addColumn('siwe_required_for_crypto_wallets', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // One row per verified wallet; the address is canonical (EIP-55 checksum, or base58 of 32 bytes).
  await db.schema
    .createTable('crypto_wallets')
    .$call(userRowColumns)
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('ethereum', 'solana')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_authenticated_at', 'timestamptz')
    .execute();
  // A wallet belongs to one account per project: concurrent first sign-ins meet this index.
  await createUniqueIndexOn(db, 'crypto_wallets_address_key', 'crypto_wallets', [
    'project_id',
    'type',
    'address',
  ]);
  await createIndexOn(db, 'crypto_wallets_user_idx', 'crypto_wallets', ['user_id']);

  // Issued challenges: the exact message to be signed, single use, consumed by one guarded UPDATE.
  await db.schema
    .createTable('crypto_wallet_challenges')
    // The identity orders challenges of one wallet even when they share a timestamp.
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('wallet_type', 'text', (c) => c.notNull().check(sql`wallet_type in ('ethereum', 'solana')`))
    .addColumn('wallet_address', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // EIP-155 chain ids can exceed 2^31 - 1.
    .addColumn('chain_id', 'bigint')
    .addColumn('siwe', 'boolean', (c) => c.notNull())
    .$call(singleUseColumns)
    .addCheckConstraint(
      'crypto_wallet_challenges_binding_check',
      sql`(session_id is null) = (user_id is null)`,
    )
    .execute();
  // The per-wallet lookup of open challenges (consumption, and retiring the oldest past five).
  await db.schema
    .createIndex('crypto_wallet_challenges_open_idx')
    .on('crypto_wallet_challenges')
    .columns(['project_id', 'wallet_type', 'wallet_address', 'id'])
    .where(sql.ref('used_at'), 'is', null)
    .execute();
  // The periodic sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'crypto_wallet_challenges_expires_idx', 'crypto_wallet_challenges', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crypto_wallet_challenges').execute();
  await db.schema.dropTable('crypto_wallets').execute();
  await db.schema.alterTable('projects').dropColumn('siwe_required_for_crypto_wallets').execute();
}
