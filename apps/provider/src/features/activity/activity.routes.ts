/** @module activity.routes — GET /v1/projects/{project_id}/activity with an operator credential (the console's charts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectActivityQuery, ProjectActivityResponse } from '@latchkey/wire';
import type { ActivityCounters } from '../../activity/activity-counters.js';
import { findActivityCounts } from '../../activity/activity-counts.repository.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { OperatorAuthenticator } from '../operator-keys/operator-auth.js';
import {
  operatorCredentialFirst,
  ProjectIdParams,
  requireProject,
} from '../operator-keys/operator-project-access.js';
import { activityFigures, windowRange } from './activity-figures.js';

export interface ActivityRoutesOptions {
  db: Db;
  clock: Clock;
  operators: OperatorAuthenticator;
  counters: ActivityCounters;
}

export const activityRoutes: FastifyPluginAsyncTypebox<ActivityRoutesOptions> = async (app, options) => {
  app.get(
    '/v1/projects/:project_id/activity',
    {
      onRequest: operatorCredentialFirst(options.operators),
      schema: {
        params: ProjectIdParams,
        querystring: ProjectActivityQuery,
        response: { 200: ProjectActivityResponse },
      },
    },
    async (request) => {
      const { id: projectId } = await requireProject(options.db, request.params.project_id);
      // This instance's latest counts first, so what the operator just did shows; others' lag ≤ one flush.
      await options.counters.flush().catch((error: unknown) => {
        request.log.warn(
          { error: error instanceof Error ? error.message : typeof error },
          'activity flush failed',
        );
      });
      const window = request.query.window ?? '7d';
      const range = windowRange(window, options.clock.now());
      const counts = await findActivityCounts(options.db, projectId, range.from, range.to);
      return {
        status_code: 200,
        request_id: request.id,
        project_id: projectId,
        window,
        bucket: range.bucket,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        ...activityFigures(range, counts),
      };
    },
  );
};
