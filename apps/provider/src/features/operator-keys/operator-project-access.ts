/**
 * @module operator-project-access — what every operator route about one project repeats: the operator
 * credential checked first (an unauthenticated caller learns nothing, not even which projects
 * exist), then the project, or 404 project_not_found.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { type Project, toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import type { OperatorAuthenticator } from './operator-auth.js';

/** The path parameters of `/v1/projects/{project_id}/…`. */
export const ProjectIdParams = Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 128 }) });

/** An onRequest hook that refuses any caller without an operator credential. */
export function operatorCredentialFirst(operators: OperatorAuthenticator) {
  return async (request: FastifyRequest): Promise<void> => {
    await operators.authenticate(request);
  };
}

/** The project `projectId`, or 404 project_not_found naming it. */
export async function requireProject(db: DbExecutor, projectId: string): Promise<Project> {
  const row = await projectDirectory.findById(db, projectId);
  if (!row) throw new ApiError('project_not_found', { message: `No project ${projectId}.` });
  return toProject(row);
}
