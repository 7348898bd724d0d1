/**
 * @module 2026_12_04_020000_allow_server_webauthn_challenges — the server API's passkey ceremonies
 * (issue 20) bind a challenge to a user without a session: a registration for a user the
 * integrator names, and a sign-in limited to one user's passkeys. A browser's secondary
 * challenge still needs both. Frozen.
 */
import { type Kysely, sql } from 'kysely';
import { replaceCheckConstraint } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheckConstraint(
    db,
    'webauthn_challenges',
    'webauthn_challenges_binding_check',
    sql`(ceremony = 'primary' and session_id is null)
        or (ceremony = 'secondary' and user_id is not null and session_id is not null)
        or (ceremony = 'register' and user_id is not null)`,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  // Challenges live five minutes: the server API's open ones are dropped rather than kept unfinishable.
  await db
    .deleteFrom('webauthn_challenges')
    .where((eb) =>
      eb.or([
        eb.and([eb('ceremony', '=', 'primary'), eb('user_id', 'is not', null)]),
        eb.and([eb('ceremony', '=', 'register'), eb('session_id', 'is', null)]),
      ]),
    )
    .execute();
  await replaceCheckConstraint(
    db,
    'webauthn_challenges',
    'webauthn_challenges_binding_check',
    sql`(ceremony = 'primary' and user_id is null and session_id is null)
        or (ceremony <> 'primary' and user_id is not null and session_id is not null)`,
  );
}
