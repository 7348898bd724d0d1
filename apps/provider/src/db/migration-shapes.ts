/**
 * @module migration-shapes — the table heads and index statement that most migrations repeat.
 * Frozen with the migrations that call them: a change here would rewrite applied history, so
 * never edit one; add a new function instead.
 */
import type { CreateTableBuilder, Expression, Kysely } from 'kysely';

/** `id` (primary key) and `project_id` (deleted with its project): the head of a project's table. */
export function projectRowColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'));
}

/** `projectRowColumns` and `user_id` (deleted with its user): the head of a table of users' rows. */
export function userRowColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return projectRowColumns(table).addColumn('user_id', 'text', (c) =>
    c.notNull().references('users.id').onDelete('cascade'),
  );
}

/** `created_at`, `expires_at` and `used_at`: the lifetime of a single-use row (a token, a challenge). */
export function singleUseColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz');
}

/** `singleUseColumns` and `revoked_at`: the lifetime of a single-use row that can also be withdrawn. */
export function revocableSingleUseColumns<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
) {
  return singleUseColumns(table).addColumn('revoked_at', 'timestamptz');
}

/** Creates index `name` on `columns` of `table`. */
export async function createIndexOn(
  // biome-ignore lint/suspicious/noExplicitAny: migrations never import the app's Database type (kysely docs).
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Creates unique index `name` on `columns` of `table`. */
export async function createUniqueIndexOn(
  // biome-ignore lint/suspicious/noExplicitAny: migrations never import the app's Database type (kysely docs).
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).unique().execute();
}

/** Replaces check constraint `name` of `table` with `check`: dropped, then added again. */
export async function replaceCheckConstraint(
  // biome-ignore lint/suspicious/noExplicitAny: migrations never import the app's Database type (kysely docs).
  db: Kysely<any>,
  table: string,
  name: string,
  check: Expression<unknown>,
): Promise<void> {
  await db.schema.alterTable(table).dropConstraint(name).execute();
  await db.schema.alterTable(table).addCheckConstraint(name, check).execute();
}
