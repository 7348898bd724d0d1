/** @module redeem-sign-in-token — the one path by which a single-use sign-in token is redeemed server-side. */

import { LatchkeyServerError } from '../errors.js';
import { invalidArgument, type ResolvedServerClientOptions, requireSecret } from '../options.js';
import { postServerApi } from './post-server-api.js';

/** What a redemption may send besides the token, named as on the wire. */
export interface RedeemOptions {
  session_duration_minutes?: number;
  code_verifier?: string;
  /** The user's session, which a secondary (add-address) magic link needs. */
  session_token?: string;
  /** Custom claims for the new session's JWTs (reserved claims are refused by the provider). */
  session_custom_claims?: Record<string, unknown>;
}

/** The fields every sign-in answer carries; `extraStringFields` names the endpoint's own ones. */
const SESSION_FIELDS = ['user_id', 'session_token', 'session_jwt'] as const;

/**
 * Checks the arguments, posts `{token, session_duration_minutes, code_verifier, session_token}` to `path` with the
 * project secret, and checks the answer has a user and a session (plus `extraStringFields`), so a
 * caller never gets a half-empty result typed as a full one.
 */
export async function redeemSignInToken<Result>(
  options: ResolvedServerClientOptions,
  path: string,
  token: string,
  request: RedeemOptions,
  extraStringFields: readonly string[] = [],
): Promise<Result> {
  const secret = requireSecret(options);
  if (typeof token !== 'string' || token === '') throw invalidArgument('token', 'must be a non-empty string');
  const minutes = request.session_duration_minutes;
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes <= 0)) {
    throw invalidArgument('session_duration_minutes', 'must be a positive integer');
  }
  if (
    request.session_token !== undefined &&
    (typeof request.session_token !== 'string' || request.session_token === '')
  )
    throw invalidArgument('session_token', 'must be a non-empty string');
  const body = await postServerApi(options, secret, path, {
    token,
    session_duration_minutes: minutes,
    code_verifier: request.code_verifier,
    session_token: request.session_token,
    session_custom_claims: request.session_custom_claims,
  });
  const strings = [...SESSION_FIELDS, ...extraStringFields];
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
  if (
    !strings.every((field) => typeof body[field] === 'string') ||
    !isObject(body.session) ||
    !isObject(body.user)
  ) {
    throw new LatchkeyServerError('invalid_response', {
      message: `The provider answered 2xx without ${[...strings, 'session', 'user'].join(', ')}.`,
      requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
    });
  }
  return body as Result;
}
