/**
 * @module live-session-lookup — the read-only half of a session check: a live session and its
 * user with every list the wire User shows, in one SELECT that writes nothing.
 */
import { CompiledQuery } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { cryptoWalletsJsonOf } from '../crypto-wallets/crypto-wallets.repository.js';
import { oauthProvidersJsonOf } from '../oauth/oauth-registrations.repository.js';
import { passwordJsonOf } from '../passwords/passwords.repository.js';
import { phoneNumbersJsonOf } from '../phone-numbers/phone-numbers.repository.js';
import { totpsJsonOf } from '../totps/totps.repository.js';
import { emailsJsonOf, type UserWithEmails } from '../users/users.repository.js';
import { webauthnRegistrationsJsonOf } from '../webauthn/webauthn-registrations.repository.js';
import type { LiveSessionKey } from './sessions.repository.js';
import type { SessionRow } from './sessions.table.js';

/** A live session and its user, as one check reads them. */
export interface SessionWithUser {
  session: SessionRow;
  user: UserWithEmails;
}

// Placeholders the statement is compiled with once; each call binds its own values in their
// places. Compiling a statement with seven subqueries on every check was a large share of a
// check's CPU (issue 18), and its SQL text never changes.
const PROJECT_ID = '\u0000project_id';
const MATCH = '\u0000match';
const NOW = new Date(0);

function buildLookup(db: DbExecutor, by: 'token_hash' | 'id') {
  return (
    db
      .selectFrom('sessions')
      // sessions.user_id references users with ON DELETE CASCADE: a deleted user has no session left.
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .select([
        'users.project_id as user_project_id',
        'users.status as user_status',
        'users.first_name as user_first_name',
        'users.middle_name as user_middle_name',
        'users.last_name as user_last_name',
        'users.trusted_metadata as user_trusted_metadata',
        'users.untrusted_metadata as user_untrusted_metadata',
        'users.created_at as user_created_at',
        'users.updated_at as user_updated_at',
      ])
      .select(emailsJsonOf('users.id').as('user_emails'))
      .select(phoneNumbersJsonOf('users.id').as('user_phone_numbers'))
      .select(passwordJsonOf('users.id').as('user_password'))
      .select(webauthnRegistrationsJsonOf('users.id').as('user_webauthn_registrations'))
      .select(oauthProvidersJsonOf('users.id').as('user_providers'))
      .select(cryptoWalletsJsonOf('users.id').as('user_crypto_wallets'))
      .select(totpsJsonOf('users.id').as('user_totps'))
      .where('sessions.project_id', '=', PROJECT_ID)
      .where(`sessions.${by}`, '=', MATCH)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', NOW)
  );
}

type LookupRow = Awaited<ReturnType<ReturnType<typeof buildLookup>['executeTakeFirstOrThrow']>>;

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
}

const compiledByKind = new Map<'token_hash' | 'id', Compiled>();

function compiledLookup(db: DbExecutor, by: 'token_hash' | 'id'): Compiled {
  let compiled = compiledByKind.get(by);
  if (!compiled) {
    // PGlite and PostgreSQL share Kysely's PostgreSQL compiler, so one text serves both.
    const { sql, parameters } = buildLookup(db, by).compile();
    compiled = { sql, parameters };
    compiledByKind.set(by, compiled);
  }
  return compiled;
}

/**
 * The live (not revoked, not expired at `now`) session named by `key`, with its user; one
 * read-only statement. Undefined when there is none.
 */
export async function findLiveSessionWithUser(
  db: DbExecutor,
  key: LiveSessionKey,
  now: Date,
): Promise<SessionWithUser | undefined> {
  const by = key.tokenHash !== undefined ? 'token_hash' : 'id';
  const match = key.tokenHash ?? key.id;
  if (match === undefined) return undefined;
  const compiled = compiledLookup(db, by);
  const parameters = compiled.parameters.map((value) =>
    value === PROJECT_ID ? key.projectId : value === MATCH ? match : value === NOW ? now : value,
  );
  const { rows } = await db.executeQuery<LookupRow>(CompiledQuery.raw(compiled.sql, parameters));
  const row = rows[0];
  if (!row) return undefined;
  const {
    user_project_id,
    user_status,
    user_first_name,
    user_middle_name,
    user_last_name,
    user_trusted_metadata,
    user_untrusted_metadata,
    user_created_at,
    user_updated_at,
    user_emails,
    user_phone_numbers,
    user_password,
    user_webauthn_registrations,
    user_providers,
    user_crypto_wallets,
    user_totps,
    ...session
  } = row;
  const user: UserWithEmails = {
    id: session.user_id,
    project_id: user_project_id,
    status: user_status,
    first_name: user_first_name,
    middle_name: user_middle_name,
    last_name: user_last_name,
    trusted_metadata: user_trusted_metadata,
    untrusted_metadata: user_untrusted_metadata,
    created_at: user_created_at,
    updated_at: user_updated_at,
    emails: user_emails,
    phone_numbers: user_phone_numbers,
    password: user_password,
    webauthn_registrations: user_webauthn_registrations,
    providers: user_providers,
    crypto_wallets: user_crypto_wallets,
    totps: user_totps,
  };
  return { session, user };
}
