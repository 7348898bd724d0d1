/** @module email-previews.routes — GET /v1/projects/{project_id}/email_previews with an operator credential (the console's Emails page). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailPreviewsResponse } from '@latchkey/wire';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import { toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { emailPreviews } from './email-preview-catalog.js';

export interface EmailPreviewsRoutesOptions {
  db: Db;
  clock: Clock;
  operators: OperatorAuthenticator;
}

export const emailPreviewsRoutes: FastifyPluginAsyncTypebox<EmailPreviewsRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/v1/projects/:project_id/email_previews',
    {
      // Credentials first: an unauthenticated caller learns nothing from validation.
      onRequest: async (request) => {
        await options.operators.authenticate(request);
      },
      schema: {
        params: Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: EmailPreviewsResponse },
      },
    },
    async (request) => {
      const projectId = request.params.project_id;
      const row = await projectDirectory.findById(options.db, projectId);
      if (!row) throw new ApiError('project_not_found', { message: `No project ${projectId}.` });
      return {
        status_code: 200,
        request_id: request.id,
        project_id: projectId,
        email_previews: emailPreviews(toProject(row), options.clock.now()),
      };
    },
  );
};
