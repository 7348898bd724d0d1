/** @module 2026_11_22_130000_create_webauthn — passkey registrations and single-use WebAuthn challenges. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, createUniqueIndexOn, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One row per registered credential; the public key is the COSE key as base64url, never a secret.
  await db.schema
    .createTable('webauthn_registrations')
    .$call(userRowColumns)
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // WebAuthn signature counters are unsigned 32-bit: bigint, since integer stops at 2^31 - 1.
    .addColumn('sign_count', 'bigint', (c) =>
      c.notNull().defaultTo(0).check(sql`sign_count >= 0 and sign_count <= 4294967295`),
    )
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('backup_eligible', 'boolean', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('authenticator_type', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`authenticator_type in ('', 'platform', 'cross-platform')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('aaguid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_authenticated_at', 'timestamptz')
    .execute();
  // A credential belongs to one account per project: concurrent or repeated registrations of one
  // credential id meet this index, not a check-then-insert (SECURITY G6).
  await createUniqueIndexOn(db, 'webauthn_registrations_credential_key', 'webauthn_registrations', [
    'project_id',
    'credential_id',
  ]);
  await createIndexOn(db, 'webauthn_registrations_user_idx', 'webauthn_registrations', ['user_id']);

  // Issued challenges (SHA-256 of the base64url challenge only), consumed by one guarded UPDATE.
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('ceremony', 'text', (c) =>
      c.notNull().check(sql`ceremony in ('register', 'primary', 'secondary')`),
    )
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('user_verification', 'text', (c) =>
      c.notNull().check(sql`user_verification in ('required', 'preferred')`),
    )
    .addColumn('authenticator_type', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addCheckConstraint(
      'webauthn_challenges_binding_check',
      sql`(ceremony = 'primary' and user_id is null and session_id is null)
        or (ceremony <> 'primary' and user_id is not null and session_id is not null)`,
    )
    .execute();
  // The periodic sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'webauthn_challenges_expires_idx', 'webauthn_challenges', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('webauthn_registrations').execute();
}
