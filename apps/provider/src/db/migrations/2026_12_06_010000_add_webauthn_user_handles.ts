/**
 * @module 2026_12_06_010000_add_webauthn_user_handles — the server API's `override_id` (issue 20): a
 * user's WebAuthn user handle when it is not their user id. An authenticator keeps one credential
 * per RP ID and user handle, and sign-in checks an assertion's userHandle against its user, so a
 * handle is unique per project (NULLs, the user id default, do not collide). A register challenge
 * records the handle its options named, so a handle set meanwhile cannot slip in a credential
 * under the old one. Frozen.
 */
import type { Kysely } from 'kysely';
import { createUniqueIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('webauthn_user_handle', 'text').execute();
  await createUniqueIndexOn(db, 'users_project_webauthn_user_handle_key', 'users', [
    'project_id',
    'webauthn_user_handle',
  ]);
  await db.schema.alterTable('webauthn_challenges').addColumn('user_handle', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webauthn_challenges').dropColumn('user_handle').execute();
  await db.schema.dropIndex('users_project_webauthn_user_handle_key').execute();
  await db.schema.alterTable('users').dropColumn('webauthn_user_handle').execute();
}
