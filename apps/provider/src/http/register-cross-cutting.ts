/** @module register-cross-cutting — what every request passes through before any feature's route: body parsing, request context, client address, project auth, CORS, fetch metadata, email template ids, errors, activity counts, deliveries, metrics, retention. */
import type { FastifyInstance } from 'fastify';
import { registerActivity } from '../activity/register-activity.js';
import type { AppConfig } from '../app-config.js';
import type { AppDeps } from '../app-deps.js';
import { registerDeliveries } from '../delivery/register-deliveries.js';
import { registerErrorHandlers } from '../errors/register-error-handlers.js';
import { createProjectLookup } from '../features/projects/project-lookup.js';
import { registerMetrics } from '../metrics/register-metrics.js';
import { registerClientAddress } from '../plugins/client-address.js';
import { registerCors } from '../plugins/cors.js';
import { registerFetchMetadataCheck } from '../plugins/fetch-metadata.js';
import { registerProjectAuthDecorations } from '../plugins/project-auth.js';
import { registerRequestContext } from '../plugins/request-context.js';
import { registerRetention } from '../retention/register-retention.js';
import { registerBodilessCalls } from './bodiless-calls.js';
import { registerEmailTemplateIdCheck } from './email-template-ids.js';
import { registerJsonBodyParser } from './json-body-parser.js';

/** Registers the cross-cutting hooks and decorations, in the order requests meet them. */
export function registerCrossCutting(app: FastifyInstance, config: AppConfig, deps: AppDeps): void {
  registerJsonBodyParser(app);
  registerRequestContext(app);
  registerClientAddress(app, config.clientAddress);
  registerProjectAuthDecorations(app, createProjectLookup({ db: deps.db, clock: deps.clock }));
  registerCors(app, app.projectLookup.anyAllowsOrigin);
  registerFetchMetadataCheck(app);
  registerBodilessCalls(app);
  registerEmailTemplateIdCheck(app);
  registerErrorHandlers(app);
  registerActivity(app, deps);
  registerDeliveries(app, deps);
  registerMetrics(app, config, deps);
  registerRetention(app, config, deps);
}
