/** @module 2026_11_24_130000_create_totps — authenticator apps (TOTP), their recovery codes, intermediate sessions and the project's MFA flag. Frozen. */
import { type Kysely, sql } from 'kysely';
import {
  createIndexOn,
  createUniqueIndexOn,
  projectRowColumns,
  userRowColumns,
} from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // A primary sign-in gives an intermediate session instead of a session until a second factor is proven.
  await db.schema
    .alterTable('projects')
    .addColumn('mfa_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // At most one TOTP per user (verified, or an enrolment waiting for its first code until expires_at).
  await db.schema
    .createTable('totps')
    .$call(projectRowColumns)
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    // Base32; sealed (AES-256-GCM) when the deployment has a key-encryption secret.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_encryption', 'text', (c) =>
      c.notNull().check(sql`secret_encryption in ('none', 'aes-256-gcm')`),
    )
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    // RFC 6238 §5.2: the time step of the last accepted code; a code of this step or an earlier one is refused.
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('totps_expiry_check', sql`verified or expires_at is not null`)
    .execute();

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('totp_id', 'text', (c) => c.notNull().references('totps.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await createUniqueIndexOn(db, 'totp_recovery_codes_code_key', 'totp_recovery_codes', [
    'totp_id',
    'code_hash',
  ]);

  // The token is stored as its SHA-256 only; single use, 10 minutes, bound to the user and the primary factor.
  await db.schema
    .createTable('intermediate_sessions')
    .$call(userRowColumns)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('primary_factor', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'intermediate_sessions_expires_idx', 'intermediate_sessions', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('intermediate_sessions').execute();
  await db.schema.dropTable('totp_recovery_codes').execute();
  await db.schema.dropTable('totps').execute();
  await db.schema.alterTable('projects').dropColumn('mfa_required').execute();
}
