/** @module email-previews.routes — GET /v1/projects/{project_id}/email_previews with an operator credential (the console's Emails page). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailPreviewsResponse } from '@latchkey/wire';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { MailFrom } from '../../email/mail-sender.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import {
  operatorCredentialFirst,
  ProjectIdParams,
  requireProject,
} from '../operator-keys/operator-project-access.js';
import { emailPreviews } from './email-preview-catalog.js';

export interface EmailPreviewsRoutesOptions {
  db: Db;
  clock: Clock;
  operators: OperatorAuthenticator;
  /** LATCHKEY_MAIL_FROM, parsed: the From a project without its own sender uses. */
  mailFrom: MailFrom;
}

export const emailPreviewsRoutes: FastifyPluginAsyncTypebox<EmailPreviewsRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/v1/projects/:project_id/email_previews',
    {
      onRequest: operatorCredentialFirst(options.operators),
      schema: {
        params: ProjectIdParams,
        response: { 200: EmailPreviewsResponse },
      },
    },
    async (request) => {
      const project = await requireProject(options.db, request.params.project_id);
      return {
        status_code: 200,
        request_id: request.id,
        project_id: project.id,
        email_previews: emailPreviews(project, options.clock.now(), options.mailFrom),
      };
    },
  );
};
