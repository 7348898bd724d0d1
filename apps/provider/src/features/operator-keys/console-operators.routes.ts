/**
 * @module console-operators.routes — the console's own calls: its sign-in configuration (public),
 * who is signed in, listing, inviting and removing operators (operator credential) and accepting
 * an invite (a session of the operator project). docs/provider-api.md "Console".
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import { toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { assertEmailAddress } from '../users/email-address.js';
import { findOperatorProjectId } from './console-operators.repository.js';
import {
  acceptConsoleOperatorInvite,
  inviteConsoleOperator,
  listConsoleOperatorJson,
  removeConsoleOperator,
} from './console-operators.service.js';
import { CONSOLE_IDLE_MINUTES, CONSOLE_MAX_MINUTES, STEP_UP_WINDOW_MINUTES } from './console-policy.js';
import type { ConsoleSessionAuth } from './console-session-auth.js';
import type { DeploymentChangeOrigin } from './deployment-change.js';
import type { Operator, OperatorAuthenticator } from './operator-auth.js';
import { requireRecentFactor } from './step-up.js';

export interface ConsoleOperatorsRoutesOptions {
  db: Db;
  clock: Clock;
  random: Random;
  publicUrl: string;
  /** The development OpenID issuer's URL (development only): the console offers it as an OAuth provider. */
  developmentIssuer: string | undefined;
  operators: OperatorAuthenticator;
  consoleSessions: ConsoleSessionAuth;
  /** Where operator changes are announced (the audit log's deployment records). */
  events: DomainEventBus;
}

function stringField(body: unknown, field: string): string {
  const value = (body as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'string' || value === '' || value.length > 1024) {
    const message = `${field} is required (a string).`;
    throw new ApiError('invalid_request', { message, body: [{ dataPath: `.${field}`, message }] });
  }
  return value;
}

function bearerOf(request: FastifyRequest): string {
  const bearer = /^Bearer[ ]+(\S{1,4096})\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer === undefined)
    throw new ApiError('unauthorized_credentials', {
      message: 'Send Authorization: Bearer <session token> of the console.',
    });
  return bearer;
}

export const consoleOperatorsRoutes: FastifyPluginAsync<ConsoleOperatorsRoutesOptions> = async (
  app,
  options,
) => {
  const { db, clock } = options;
  const originOf = (request: FastifyRequest, operator: Operator): DeploymentChangeOrigin => ({
    events: options.events,
    operatorId: operator.id,
    ipAddress: request.clientIp || null,
  });

  // What the console page needs to show the sign-in widget: public, like a public token is.
  app.get('/v1/console/config', async (request) => {
    const projectId = await findOperatorProjectId(db);
    const row = projectId === undefined ? undefined : await projectDirectory.findById(db, projectId);
    if (!row)
      throw new ApiError('project_not_found', { message: 'The console has no operator project yet.' });
    const project = toProject(row);
    return {
      status_code: 200,
      request_id: request.id,
      project_id: project.id,
      public_token: project.publicToken,
      session_idle_minutes: CONSOLE_IDLE_MINUTES,
      session_max_minutes: CONSOLE_MAX_MINUTES,
      step_up_window_minutes: STEP_UP_WINDOW_MINUTES,
      development_issuer: options.developmentIssuer ?? null,
    };
  });

  app.get('/v1/console/me', async (request) => {
    const operator = await options.operators.authenticate(request);
    return {
      status_code: 200,
      request_id: request.id,
      operator_id: operator.id,
      email: operator.console?.email ?? null,
      last_factor_at: operator.console?.lastFactorAt.toISOString() ?? null,
    };
  });

  app.post('/v1/console_operators/invites', async (request) => {
    const operator = await options.operators.authenticate(request);
    const email = stringField(request.body, 'email');
    assertEmailAddress(email);
    const { operator: invited, inviteUrl } = await inTransaction(db, (trx) =>
      inviteConsoleOperator(trx, options, { email, invitedBy: operator.id }, originOf(request, operator)),
    );
    return { status_code: 200, request_id: request.id, operator: invited, invite_url: inviteUrl };
  });

  app.get('/v1/console_operators', async (request) => {
    await options.operators.authenticate(request);
    return { status_code: 200, request_id: request.id, operators: await listConsoleOperatorJson(db) };
  });

  app.delete<{ Params: { operator_id: string } }>('/v1/console_operators/:operator_id', async (request) => {
    const operator = await options.operators.authenticate(request);
    requireRecentFactor(operator, clock.now());
    const removed = await inTransaction(db, (trx) =>
      removeConsoleOperator(trx, clock, request.params.operator_id, originOf(request, operator)),
    );
    return { status_code: 200, request_id: request.id, operator: removed };
  });

  app.post('/v1/console/invites/accept', async (request) => {
    const touched = await options.consoleSessions.sessionOf(bearerOf(request));
    if (!touched)
      throw new ApiError('unauthorized_credentials', {
        message: 'Send Authorization: Bearer <session token> of the console.',
      });
    const token = stringField(request.body, 'token');
    const operator = await acceptConsoleOperatorInvite(db, clock, {
      token,
      userId: touched.user.id,
      emails: touched.user.emails.map((e) => e.email),
    });
    return { status_code: 200, request_id: request.id, operator };
  });
};
