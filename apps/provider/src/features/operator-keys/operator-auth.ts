/**
 * @module operator-auth — `Authorization: Bearer <operator credential>` for the project
 * administration API: an operator key, LATCHKEY_OPERATOR_KEY, or a console session (a session
 * token or JWT of the operator project held by an active operator, console-session-auth.ts).
 * A project secret, a public token or another project's session is not an operator credential.
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { constantTimeEqual, sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { ConsoleSessionAuth, ConsoleSessionOperator } from './console-session-auth.js';
import { operatorKeyIdOf } from './operator-key.js';
import { findOperatorKey, touchOperatorKey } from './operator-keys.repository.js';

/**
 * Who an operator call came from: a stored key's id, `env` for LATCHKEY_OPERATOR_KEY, or a
 * console operator's id (`console-operator-…`) with the session it signed in with.
 */
export interface Operator {
  id: string;
  /** Set when a console session authenticated the call (step-up.ts reads it). */
  console?: ConsoleSessionOperator;
}

/** The id LATCHKEY_OPERATOR_KEY acts as (audit log, domain events). */
export const ENV_OPERATOR_ID = 'env';

/** Authenticates operator calls. */
export interface OperatorAuthenticator {
  authenticate(request: FastifyRequest): Promise<Operator>;
}

/** Creates the authenticator over the stored keys and, when set, LATCHKEY_OPERATOR_KEY. */
export function createOperatorAuthenticator(deps: {
  db: Db;
  clock: Clock;
  envKey: string | undefined;
  /** Console sessions as operator credentials; without it only keys are. */
  consoleSessions?: ConsoleSessionAuth;
}): OperatorAuthenticator {
  const envKeyHash = deps.envKey === undefined ? undefined : sha256Base64url(deps.envKey);
  return {
    async authenticate(request) {
      const header = request.headers.authorization;
      if (header === undefined)
        throw new ApiError('unauthorized_credentials', {
          message: 'Send Authorization: Bearer <operator key>.',
        });
      const bearer = /^Bearer[ ]+(\S{1,4096})\s*$/i.exec(header)?.[1];
      if (bearer === undefined) throw new ApiError('operator_credential_required');
      const presented = sha256Base64url(bearer);
      if (envKeyHash !== undefined && constantTimeEqual(presented, envKeyHash))
        return { id: ENV_OPERATOR_ID };
      const id = operatorKeyIdOf(bearer);
      if (id === undefined && deps.consoleSessions) {
        const signedIn = await deps.consoleSessions.operatorOf(bearer);
        if (signedIn) return { id: signedIn.operatorId, console: signedIn.console };
      }
      if (id === undefined) throw new ApiError('operator_credential_required');
      const row = await findOperatorKey(deps.db, id);
      // Compared even when the key is unknown or revoked, so every refusal takes the same path.
      const matches = constantTimeEqual(presented, row?.key_hash ?? '');
      if (!row || !matches || row.revoked_at !== null) throw new ApiError('invalid_operator_key');
      await touchOperatorKey(deps.db, row.id, deps.clock.now());
      return { id: row.id };
    },
  };
}
