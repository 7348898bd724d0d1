/**
 * @module audit-log.routes — GET /v1/audit_events with Basic project_id:secret; with an operator
 * key, any project's (GET /v1/projects/{id}/audit_events) and the operator view across projects
 * (GET /v1/audit_events/operator).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook } from '../../plugins/secret-auth.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import {
  operatorCredentialFirst,
  ProjectIdParams,
  requireProject,
} from '../operator-keys/operator-project-access.js';
import { AuditEventsListResponse, AuditEventsQuery, OperatorAuditEventsQuery } from './audit-log.schemas.js';
import { pageAuditEvents } from './audit-log.service.js';

/** What the audit routes need: the database and the operator credential's check. */
export interface AuditLogRoutesOptions {
  db: Db;
  operators: OperatorAuthenticator;
}

/** The answer's envelope around one page. */
function listAnswer(requestId: string, page: Awaited<ReturnType<typeof pageAuditEvents>>) {
  return {
    status_code: 200,
    request_id: requestId,
    audit_events: page.audit_events,
    results_metadata: { next_cursor: page.next_cursor },
  };
}

/** A project's back end reads its own audit log; an operator reads any project's. */
export const auditLogRoutes: FastifyPluginAsyncTypebox<AuditLogRoutesOptions> = async (app, options) => {
  app.get(
    '/v1/audit_events',
    {
      onRequest: projectSecretHook(options.db),
      schema: { querystring: AuditEventsQuery, response: { 200: AuditEventsListResponse } },
    },
    async (request) =>
      listAnswer(request.id, await pageAuditEvents(options.db, projectOf(request).id, request.query)),
  );

  app.get(
    '/v1/projects/:project_id/audit_events',
    {
      onRequest: operatorCredentialFirst(options.operators),
      schema: {
        params: ProjectIdParams,
        querystring: AuditEventsQuery,
        response: { 200: AuditEventsListResponse },
      },
    },
    async (request) => {
      const { id: projectId } = await requireProject(options.db, request.params.project_id);
      return listAnswer(request.id, await pageAuditEvents(options.db, projectId, request.query));
    },
  );

  // The deployment's administration log: operator keys made and revoked, projects made, changed and
  // given new secrets, OAuth providers and everything else an operator did, across projects.
  app.get(
    '/v1/audit_events/operator',
    {
      onRequest: operatorCredentialFirst(options.operators),
      schema: { querystring: OperatorAuditEventsQuery, response: { 200: AuditEventsListResponse } },
    },
    async (request) => {
      const { project_id: projectId, ...query } = request.query;
      const scope = { scope: 'operator' as const, ...(projectId === undefined ? {} : { projectId }) };
      return listAnswer(request.id, await pageAuditEvents(options.db, scope, query));
    },
  );
};
