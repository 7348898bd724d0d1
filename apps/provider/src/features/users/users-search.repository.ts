/**
 * @module users-search.repository — SQL of POST /v1/users/search: the hosted provider's filters
 * as one WHERE clause, pages by keyset on (created_at, id), oldest or newest first, so a page never
 * repeats or skips a user while others are created or deleted, and the total of the same query.
 */
import type { ServerUsersSearchOperand, UsersSearchOrder } from '@latchkey/wire';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, DbExecutor } from '../../db/database.js';
import { type UserWithFactors, userFactorsOf } from './user-with-factors.js';

/** The search as the route validated it: AND or OR over the operands (none: every user). */
export interface UserSearchQuery {
  operator: 'AND' | 'OR';
  operands: ServerUsersSearchOperand[];
}

/** Where a page starts: after the user with this creation time and id. */
export interface UserSearchPosition {
  createdAt: Date;
  id: string;
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

/** `%value%` for ILIKE, with the pattern characters of `value` taken literally. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `value%` for LIKE, with the pattern characters of `value` taken literally. */
function startingWith(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether the user has a row in `table` matching `where` (one correlated EXISTS). */
function hasRow<
  T extends
    | 'emails'
    | 'phone_numbers'
    | 'crypto_wallets'
    | 'oauth_registrations'
    | 'webauthn_registrations'
    | 'totps'
    | 'passwords',
>(
  eb: UsersEb,
  table: T,
  where: (row: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom(table as 'emails')
      .select(sql.lit(1).as('one'))
      .where(sql.ref(`${table}.user_id`), '=', sql.ref('users.id'))
      .where((row) => where(row as unknown as ExpressionBuilder<Database, T>)),
  );
}

function metadataMatches(
  column: 'users.trusted_metadata' | 'users.untrusted_metadata',
  filter: { key: string; value?: unknown },
): Expression<SqlBool> {
  // `->` answers SQL NULL only for a missing key (a JSON null is the jsonb 'null').
  if (filter.value === undefined) return sql<SqlBool>`(${sql.ref(column)} -> ${filter.key}) is not null`;
  return sql<SqlBool>`(${sql.ref(column)} -> ${filter.key}) = ${JSON.stringify(filter.value)}::jsonb`;
}

/** One operand as a condition on `users`. */
function conditionOf(eb: UsersEb, operand: ServerUsersSearchOperand): Expression<SqlBool> {
  switch (operand.filter_name) {
    case 'user_id':
      // The hosted provider takes external ids wherever a user id is, in this filter too.
      return eb.or([
        eb('users.id', 'in', operand.filter_value),
        eb('users.external_id', 'in', operand.filter_value),
      ]);
    case 'status':
      return eb('users.status', '=', operand.filter_value);
    case 'created_at_greater_than':
      return eb('users.created_at', '>', new Date(operand.filter_value));
    case 'created_at_less_than':
      return eb('users.created_at', '<', new Date(operand.filter_value));
    case 'created_at_between':
      return eb.and([
        eb('users.created_at', '>', new Date(operand.filter_value.greater_than)),
        eb('users.created_at', '<', new Date(operand.filter_value.less_than)),
      ]);
    case 'email_address': {
      const emails = operand.filter_value.map((e) => e.trim().toLowerCase());
      return hasRow(eb, 'emails', (row) => row('emails.email', 'in', emails));
    }
    case 'email_id':
      return hasRow(eb, 'emails', (row) => row('emails.id', 'in', operand.filter_value));
    case 'email_verified':
      return hasRow(eb, 'emails', (row) => row('emails.verified', '=', operand.filter_value));
    case 'email_address_fuzzy':
      return hasRow(eb, 'emails', (row) => row('emails.email', 'ilike', containing(operand.filter_value)));
    case 'email_address_prefix':
      // Addresses are stored lower-cased; LIKE (not ILIKE) can use emails_email_prefix_idx.
      return hasRow(eb, 'emails', (row) =>
        row('emails.email', 'like', startingWith(operand.filter_value.trim().toLowerCase())),
      );
    case 'phone_number':
      return hasRow(eb, 'phone_numbers', (row) =>
        row(
          'phone_numbers.phone_number',
          'in',
          operand.filter_value.map((p) => p.trim()),
        ),
      );
    case 'phone_id':
      return hasRow(eb, 'phone_numbers', (row) => row('phone_numbers.id', 'in', operand.filter_value));
    case 'phone_verified':
      return hasRow(eb, 'phone_numbers', (row) => row('phone_numbers.verified', '=', operand.filter_value));
    case 'phone_number_fuzzy':
      return hasRow(eb, 'phone_numbers', (row) =>
        row('phone_numbers.phone_number', 'ilike', containing(operand.filter_value)),
      );
    case 'full_name_fuzzy':
      return sql<SqlBool>`concat_ws(' ', nullif(users.first_name, ''), nullif(users.middle_name, ''), nullif(users.last_name, '')) ilike ${containing(operand.filter_value)}`;
    case 'crypto_wallet_address': {
      const addresses = operand.filter_value.map((a) => a.toLowerCase());
      return hasRow(eb, 'crypto_wallets', (row) =>
        row(sql<string>`lower(crypto_wallets.address)`, 'in', addresses),
      );
    }
    case 'crypto_wallet_id':
      return hasRow(eb, 'crypto_wallets', (row) => row('crypto_wallets.id', 'in', operand.filter_value));
    case 'crypto_wallet_verified':
      return hasRow(eb, 'crypto_wallets', (row) => row('crypto_wallets.verified', '=', operand.filter_value));
    case 'oauth_provider':
      return hasRow(eb, 'oauth_registrations', (row) =>
        row('oauth_registrations.provider_type', 'in', operand.filter_value),
      );
    case 'oauth_provider_subject':
      return hasRow(eb, 'oauth_registrations', (row) =>
        row('oauth_registrations.provider_subject', 'in', operand.filter_value),
      );
    case 'webauthn_registration_id':
      return hasRow(eb, 'webauthn_registrations', (row) =>
        row('webauthn_registrations.id', 'in', operand.filter_value),
      );
    case 'webauthn_registration_verified':
      // A passkey is stored only once its registration ceremony verified, so none is unverified.
      return operand.filter_value
        ? hasRow(eb, 'webauthn_registrations', () => sql<SqlBool>`true`)
        : sql<SqlBool>`false`;
    case 'totp_id':
      return hasRow(eb, 'totps', (row) =>
        row.and([row('totps.id', 'in', operand.filter_value), row('totps.verified', '=', true)]),
      );
    case 'totp_verified':
      // The user object lists verified TOTPs only, so "unverified" means an enrolment not finished.
      return hasRow(eb, 'totps', (row) => row('totps.verified', '=', operand.filter_value));
    case 'password_exists': {
      const exists = hasRow(eb, 'passwords', () => sql<SqlBool>`true`);
      return operand.filter_value ? exists : eb.not(exists);
    }
    case 'trusted_metadata':
      return metadataMatches('users.trusted_metadata', operand.filter_value);
    case 'untrusted_metadata':
      return metadataMatches('users.untrusted_metadata', operand.filter_value);
  }
}

function matching(eb: UsersEb, projectId: string, query: UserSearchQuery): Expression<SqlBool> {
  const inProject = eb('users.project_id', '=', projectId);
  if (query.operands.length === 0) return inProject;
  const conditions = query.operands.map((operand) => conditionOf(eb, operand));
  return eb.and([inProject, query.operator === 'OR' ? eb.or(conditions) : eb.and(conditions)]);
}

/** Up to `limit` users matching `query` after `after` in `order`, each with its factors. */
export async function searchUsers(
  db: DbExecutor,
  projectId: string,
  query: UserSearchQuery,
  page: { after: UserSearchPosition | undefined; limit: number; order: UsersSearchOrder },
): Promise<UserWithFactors[]> {
  const { after } = page;
  // Both columns in one direction, so either order is the same index range, read forwards or backwards.
  const direction = page.order === 'created_at_desc' ? 'desc' : 'asc';
  const beyond = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(userFactorsOf('users.id'))
    .where((eb) => matching(eb, projectId, query))
    .$if(after !== undefined, (qb) =>
      qb.where(
        sql<SqlBool>`(users.created_at, users.id) ${beyond} (${after?.createdAt}::timestamptz, ${after?.id})`,
      ),
    )
    .orderBy('users.created_at', direction)
    .orderBy('users.id', direction)
    .limit(page.limit)
    .execute();
}

/** How many users match `query` (every page together). */
export async function countUsers(db: DbExecutor, projectId: string, query: UserSearchQuery): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => matching(eb, projectId, query))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
