/**
 * @module project-directory — how other features read a project by id when no request named it
 * (an OAuth callback, the JWKS route, the CLI, SDK events). The projects repository stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import { findProjectById, findProjectIdsByPublicTokens } from './projects.repository.js';
import type { ProjectRow } from './projects.table.js';

/** The project reads other features use. */
export interface ProjectDirectory {
  /** The project row with `id`, if any. */
  findById(db: DbExecutor, id: string): Promise<ProjectRow | undefined>;
  /** The id of each project owning one of `publicTokens` (unknown tokens are left out). */
  idsByPublicToken(db: DbExecutor, publicTokens: string[]): Promise<{ id: string; public_token: string }[]>;
}

/** The directory over this provider's database. */
export const projectDirectory: ProjectDirectory = {
  findById: findProjectById,
  idsByPublicToken: findProjectIdsByPublicTokens,
};
