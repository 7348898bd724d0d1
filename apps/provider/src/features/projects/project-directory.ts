/**
 * @module project-directory — how other features read a project by id when no request named it
 * (an OAuth callback, the JWKS route, the CLI). The projects repository stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import { findProjectById } from './projects.repository.js';
import type { ProjectRow } from './projects.table.js';

/** The project reads other features use. */
export interface ProjectDirectory {
  /** The project row with `id`, if any. */
  findById(db: DbExecutor, id: string): Promise<ProjectRow | undefined>;
}

/** The directory over this provider's database. */
export const projectDirectory: ProjectDirectory = { findById: findProjectById };
