/** @module server-sign-in-answer — the flat answer of the server API's redemptions (magic links, passcodes). */
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/database.js';
import type { SignInFields } from '../sessions/authenticate-response.js';
import { withServerUserFields } from '../users/server-user-object.js';

/**
 * The wire's field order: the envelope, `user_id`, the call's `ids`, the session and tokens, the
 * server user object (`GET /v1/users/{id}`'s); on a project that requires MFA, the intermediate session token and `mfa_required`.
 */
export async function serverSignInAnswer<I extends Record<string, string>>(
  db: DbExecutor,
  request: FastifyRequest,
  fields: SignInFields,
  ids: I,
) {
  return {
    status_code: 200,
    request_id: request.id,
    user_id: fields.user_id,
    ...ids,
    session: fields.session,
    session_token: fields.session_token,
    session_jwt: fields.session_jwt,
    user: await withServerUserFields(db, fields.user),
    ...('intermediate_session_token' in fields
      ? {
          intermediate_session_token: fields.intermediate_session_token,
          mfa_required: fields.mfa_required,
        }
      : {}),
  };
}
