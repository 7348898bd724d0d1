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
  /** The user's session as a JWT, in place of `session_token` (passcodes). */
  session_jwt?: string;
  /** The end user's address and browser, recorded on the new session (magic links, passcodes). */
  attributes?: { ip_address?: string; user_agent?: string };
}

/** The fields every sign-in answer carries; `extraStringFields` names the endpoint's own ones. */
const SESSION_FIELDS = ['user_id', 'session_token', 'session_jwt'] as const;

/**
 * Checks the arguments, posts the proof (`{token}` or `{method_id, code}`) and the options given to `path` with the
 * project secret, and checks the answer has a user and a session (plus `extraStringFields`), so a
 * caller never gets a half-empty result typed as a full one.
 */
export async function redeemSignInToken<Result>(
  options: ResolvedServerClientOptions,
  path: string,
  /** The single-use proof: a token (`{token}` when a string), or a passcode's `{method_id, code}`. */
  proof: string | Readonly<Record<string, string>>,
  request: RedeemOptions,
  extraStringFields: readonly string[] = [],
): Promise<Result> {
  const secret = requireSecret(options);
  const proven: Readonly<Record<string, unknown>> = typeof proof === 'string' ? { token: proof } : proof;
  for (const [name, value] of Object.entries(proven))
    if (typeof value !== 'string' || value === '') throw invalidArgument(name, 'must be a non-empty string');
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
    ...proven,
    session_duration_minutes: minutes,
    code_verifier: request.code_verifier,
    session_token: request.session_token,
    session_jwt: request.session_jwt,
    session_custom_claims: request.session_custom_claims,
    attributes: request.attributes,
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
