/** @module 2026_11_24_100000_create_oauth — upstream OAuth configurations, flow states, linked identities and sign-in tokens. Frozen. */
import { type Kysely, sql } from 'kysely';
import {
  createIndexOn,
  createUniqueIndexOn,
  revocableSingleUseColumns,
  singleUseColumns,
  userRowColumns,
} from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One upstream provider per project and name, stored with its preset applied; the secrets are
  // AES-256-GCM sealed when the deployment has a key-encryption secret (secret_encryption says which).
  await db.schema
    .createTable('oauth_provider_configs')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('oidc', 'oauth2')`))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('issuer', 'text')
    .addColumn('authorization_endpoint', 'text')
    .addColumn('token_endpoint', 'text')
    .addColumn('jwks_uri', 'text')
    .addColumn('userinfo_endpoint', 'text')
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('apple_team_id', 'text')
    .addColumn('apple_key_id', 'text')
    .addColumn('apple_private_key', 'text')
    .addColumn('secret_encryption', 'text', (c) =>
      c.notNull().check(sql`secret_encryption in ('aes-256-gcm', 'none')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_provider_configs_pkey', ['project_id', 'provider_type'])
    .execute();

  // One row per redirect to an upstream: the state's SHA-256 only, consumed by one guarded UPDATE.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('login_redirect_url', 'text', (c) => c.notNull())
    .addColumn('signup_redirect_url', 'text', (c) => c.notNull())
    .addColumn('custom_scopes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .$call(singleUseColumns)
    .execute();
  // The periodic sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'oauth_states_expires_idx', 'oauth_states', ['expires_at']);

  // A user's upstream identities. SECURITY C6: an identity is (issuer, subject), never an email.
  await db.schema
    .createTable('oauth_registrations')
    .$call(userRowColumns)
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('provider_subject', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text', (c) => c.references('emails.id').onDelete('set null'))
    .addColumn('profile_picture_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_authenticated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Concurrent first sign-ins of one identity meet this index, not a check-then-insert.
  await createUniqueIndexOn(db, 'oauth_registrations_identity_key', 'oauth_registrations', [
    'project_id',
    'provider_type',
    'issuer',
    'provider_subject',
  ]);
  await createIndexOn(db, 'oauth_registrations_user_idx', 'oauth_registrations', ['user_id']);

  // The single-use token the redirect carries back to the app (SHA-256 only). The upstream's
  // tokens ride along until the redemption, which erases them.
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (c) =>
      c.notNull().references('oauth_registrations.id').onDelete('cascade'),
    )
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('provider_values', 'text')
    .addColumn('provider_values_encryption', 'text', (c) =>
      c.notNull().check(sql`provider_values_encryption in ('aes-256-gcm', 'none')`),
    )
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(revocableSingleUseColumns)
    .execute();
  await createIndexOn(db, 'oauth_tokens_expires_idx', 'oauth_tokens', ['expires_at']);
  // Deleting a user or a registration cascades here.
  await createIndexOn(db, 'oauth_tokens_user_idx', 'oauth_tokens', ['user_id']);
  await createIndexOn(db, 'oauth_tokens_registration_idx', 'oauth_tokens', ['registration_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute();
  await db.schema.dropTable('oauth_registrations').execute();
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('oauth_provider_configs').execute();
}
