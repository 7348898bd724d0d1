/** @module operator-keys.routes — /v1/operator_keys: create (the credential shown once), list, revoke. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import type { DeploymentChangeOrigin } from './deployment-change.js';
import type { Operator, OperatorAuthenticator } from './operator-auth.js';
import {
  createOperatorKey,
  listOperatorKeyJson,
  MAX_OPERATOR_KEY_NAME_LENGTH,
  revokeOperatorKeyById,
} from './operator-keys.service.js';
import { requireRecentFactor } from './step-up.js';

export interface OperatorKeysRoutesOptions {
  db: Db;
  clock: Clock;
  random: Random;
  operators: OperatorAuthenticator;
  /** Where key changes are announced (the audit log's deployment records). */
  events: DomainEventBus;
}

/** The name of a new key: 1–100 printable characters. */
function keyNameOf(body: unknown): string {
  const name = (body as { name?: unknown } | null)?.name ?? 'Operator key';
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed === '' || [...trimmed].length > MAX_OPERATOR_KEY_NAME_LENGTH || /\p{Cc}/u.test(trimmed)) {
    const message = `name must be 1 to ${MAX_OPERATOR_KEY_NAME_LENGTH} characters without control characters.`;
    throw new ApiError('invalid_request', { message, body: [{ dataPath: '.name', message }] });
  }
  return trimmed;
}

export const operatorKeysRoutes: FastifyPluginAsync<OperatorKeysRoutesOptions> = async (app, options) => {
  const callers = new WeakMap<FastifyRequest, Operator>();
  // Credentials first: an unauthenticated caller learns nothing from body validation.
  app.addHook('onRequest', async (request) => {
    callers.set(request, await options.operators.authenticate(request));
  });
  const originOf = (request: FastifyRequest): DeploymentChangeOrigin => {
    const caller = callers.get(request);
    if (!caller) throw new Error('operator key route without operator authentication');
    return { events: options.events, operatorId: caller.id, ipAddress: request.clientIp || null };
  };
  app.post('/v1/operator_keys', async (request) => {
    const name = keyNameOf(request.body);
    const { key, secret } = await inTransaction(options.db, (trx) =>
      createOperatorKey(trx, options, name, originOf(request)),
    );
    return { status_code: 200, request_id: request.id, operator_key: key, secret };
  });
  app.get('/v1/operator_keys', async (request) => ({
    status_code: 200,
    request_id: request.id,
    operator_keys: await listOperatorKeyJson(options.db),
  }));
  app.delete<{ Params: { key_id: string } }>('/v1/operator_keys/:key_id', async (request) => {
    const operator = callers.get(request);
    if (operator) requireRecentFactor(operator, options.clock.now());
    const key = await inTransaction(options.db, (trx) =>
      revokeOperatorKeyById(trx, options.clock, request.params.key_id, originOf(request)),
    );
    if (!key) throw new ApiError('operator_key_not_found');
    return { status_code: 200, request_id: request.id, operator_key: key };
  });
};
