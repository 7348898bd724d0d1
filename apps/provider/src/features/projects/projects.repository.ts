/** @module projects.repository — SQL for projects. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { NewProjectRow, ProjectRow, ProjectRowUpdate } from './projects.table.js';

/** The project owning `publicToken`, if any. */
export async function findProjectByPublicToken(
  db: DbExecutor,
  publicToken: string,
): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_token', '=', publicToken).executeTakeFirst();
}

/** The project with `id`, if any. */
export async function findProjectById(db: DbExecutor, id: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of each project owning one of `publicTokens` (unknown tokens are left out). */
export async function findProjectIdsByPublicTokens(
  db: DbExecutor,
  publicTokens: string[],
): Promise<{ id: string; public_token: string }[]> {
  if (publicTokens.length === 0) return [];
  return db
    .selectFrom('projects')
    .select(['id', 'public_token'])
    .where('public_token', 'in', publicTokens)
    .execute();
}

/** Inserts a project row. */
export async function insertProject(db: DbExecutor, row: NewProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The project with `id`, its row locked until the transaction ends (a change reads what it replaces). */
export async function findProjectByIdForUpdate(db: DbExecutor, id: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Up to `limit` projects after the one at (`afterCreatedAt`, `afterId`), oldest first: a stable order under inserts. */
export async function listProjects(
  db: DbExecutor,
  limit: number,
  after: { createdAt: Date; id: string } | undefined,
): Promise<ProjectRow[]> {
  let query = db.selectFrom('projects').selectAll().orderBy('created_at').orderBy('id').limit(limit);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  return query.execute();
}

/** Changes the columns in `changes` of the project with `id`; undefined when there is none. */
export async function updateProject(
  db: DbExecutor,
  id: string,
  changes: ProjectRowUpdate,
): Promise<ProjectRow | undefined> {
  return db.updateTable('projects').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Whether any project accepts `origin`: used for CORS preflights, which carry no credentials and
 * so cannot be tied to one project. `isLocalDevOrigin` says whether dev projects accept it.
 */
export async function anyProjectAllowsOrigin(
  db: DbExecutor,
  origin: string,
  isLocalDevOrigin: boolean,
): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .select(sql<number>`1`.as('one'))
    .where((eb) =>
      eb.or([
        eb(sql`allowed_origins`, '@>', sql`${JSON.stringify([origin])}::jsonb`),
        ...(isLocalDevOrigin ? [eb('is_dev', '=', true)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the claims added to every session JWT of project `id` (check it first with
 * sessions/session-custom-claims.ts `validateSessionClaimsTemplate`); undefined when there is none.
 */
export async function setProjectSessionClaimsTemplate(
  db: DbExecutor,
  id: string,
  template: Record<string, unknown>,
): Promise<ProjectRow | undefined> {
  return updateProject(db, id, { session_custom_claims_template: JSON.stringify(template) });
}
