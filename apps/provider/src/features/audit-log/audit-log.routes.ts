/** @module audit-log.routes — GET /v1/audit_events with Basic project_id:secret. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { projectOf } from '../../plugins/project-auth.js';
import { authenticateProjectSecret } from '../../plugins/secret-auth.js';
import { AuditEventsListResponse, AuditEventsQuery } from './audit-log.schemas.js';
import { pageAuditEvents } from './audit-log.service.js';

/** A project's back end reads its own audit log. */
export const auditLogRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, options) => {
  app.get(
    '/v1/audit_events',
    {
      // Credentials first: an unauthenticated caller learns nothing from query validation.
      onRequest: async (request) => {
        request.project = await authenticateProjectSecret(options.db, request);
      },
      schema: { querystring: AuditEventsQuery, response: { 200: AuditEventsListResponse } },
    },
    async (request) => {
      const page = await pageAuditEvents(options.db, projectOf(request).id, request.query);
      return {
        status_code: 200,
        request_id: request.id,
        audit_events: page.audit_events,
        results_metadata: { next_cursor: page.next_cursor },
      };
    },
  );
};
