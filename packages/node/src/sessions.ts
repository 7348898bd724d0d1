/**
 * @module sessions — a project's back end lists and revokes its users' sessions:
 * `GET /v1/sessions`, `POST /v1/sessions/revoke` and Latchkey's `POST /v1/sessions/revoke_all`.
 */

import type {
  ServerSessionsGetResult,
  ServerSessionsRevokeAllResult,
  ServerSessionsRevokeResult,
} from '@latchkey/wire';
import { LatchkeyServerError } from './errors.js';
import { postServerApi } from './internal/post-server-api.js';
import { invalidArgument, type ResolvedServerClientOptions, requireSecret } from './options.js';

/** The provider's answers, flat and in the wire's snake_case: `@latchkey/wire`'s. */
export type SessionsListResult = ServerSessionsGetResult;
export type SessionsRevokeResult = ServerSessionsRevokeResult;
export type SessionsRevokeAllResult = ServerSessionsRevokeAllResult;

/** Which session `sessions.revoke` ends: exactly one of the three, named as on the wire. */
export type SessionsRevokeOptions =
  | { session_id: string; session_token?: never; session_jwt?: never }
  | { session_token: string; session_id?: never; session_jwt?: never }
  | { session_jwt: string; session_id?: never; session_token?: never };

/** The `sessions` namespace of the server client (project secret required). */
export interface SessionsServerMethods {
  /** The user's live sessions, newest first. Throws `user_not_found` for a user the project does not have. */
  list(userId: string): Promise<SessionsListResult>;
  /**
   * Revokes one session at once on every provider instance (its token and JWTs are refused from
   * then on by `authenticateSession`; a JWT verified locally stays valid until its `exp`, ≤ 5 min).
   * Throws `session_not_found` when it is unknown, revoked or expired.
   */
  revoke(target: SessionsRevokeOptions): Promise<SessionsRevokeResult>;
  /** Revokes every live session of the user (Latchkey's call); `revoked_session_ids` lists them. */
  revokeAll(userId: string): Promise<SessionsRevokeAllResult>;
}

const REVOKE_FIELDS = ['session_id', 'session_token', 'session_jwt'] as const;

function requireUserId(userId: unknown): string {
  if (typeof userId !== 'string' || userId === '')
    throw invalidArgument('userId', 'must be a non-empty string');
  return userId;
}

function expectArray<T>(body: Record<string, unknown>, field: string): T {
  if (!Array.isArray(body[field])) {
    throw new LatchkeyServerError('invalid_response', {
      message: `The provider answered 2xx without ${field}.`,
      requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
    });
  }
  return body as T;
}

/** Builds the namespace over resolved options. */
export function createSessionsServerMethods(options: ResolvedServerClientOptions): SessionsServerMethods {
  return {
    async list(userId) {
      const secret = requireSecret(options);
      const query = new URLSearchParams({ user_id: requireUserId(userId) });
      return expectArray(
        await postServerApi(options, secret, `/v1/sessions?${query}`, undefined, 'GET'),
        'sessions',
      );
    },
    async revoke(target) {
      const secret = requireSecret(options);
      const given = REVOKE_FIELDS.filter(
        (field) => (target as Record<string, unknown>)?.[field] !== undefined,
      );
      if (given.length !== 1)
        throw invalidArgument('target', 'must name exactly one of session_id, session_token, session_jwt');
      const field = given[0] as (typeof REVOKE_FIELDS)[number];
      const value = (target as Record<string, unknown>)[field];
      if (typeof value !== 'string' || value === '')
        throw invalidArgument(field, 'must be a non-empty string');
      return (await postServerApi(options, secret, '/v1/sessions/revoke', {
        [field]: value,
      })) as SessionsRevokeResult;
    },
    async revokeAll(userId) {
      const secret = requireSecret(options);
      const body = await postServerApi(options, secret, '/v1/sessions/revoke_all', {
        user_id: requireUserId(userId),
      });
      return expectArray(body, 'revoked_session_ids');
    },
  };
}
