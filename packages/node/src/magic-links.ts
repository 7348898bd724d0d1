/** @module magic-links — server-side redemption of a magic-link token through `POST /v1/magic_links/authenticate`. */

import { LatchkeyServerError } from './errors.js';
import { postServerApi } from './internal/post-server-api.js';
import { invalidArgument, type ResolvedServerClientOptions } from './options.js';
import type { Session } from './session.js';
import type { User } from './user.js';

/** Options of `magicLinks.authenticate`, named as on the wire. */
export interface MagicLinksAuthenticateOptions {
  /** The new session lasts this many minutes (the provider's default when absent). */
  session_duration_minutes?: number;
  /** Needed only when the link was sent with a PKCE `code_challenge`. */
  code_verifier?: string;
}

/** The provider's answer, flat and in the wire's snake_case (docs/provider-api.md). */
export interface MagicLinksAuthenticateResult {
  status_code: number;
  request_id: string;
  user_id: string;
  /** The email id the link proved. */
  method_id: string;
  session: Session;
  session_token: string;
  session_jwt: string;
  user: User;
}

/** The `magicLinks` namespace of the server client. */
export interface MagicLinksServerMethods {
  /**
   * Redeems the `token` of a magic link the user followed to the integrator's page; single
   * use. Throws a {@link LatchkeyServerError}: `unable_to_auth_magic_link` for a used,
   * expired or unknown token, else as `authenticateSession`.
   */
  authenticate(token: string, options?: MagicLinksAuthenticateOptions): Promise<MagicLinksAuthenticateResult>;
}

/** Builds the namespace over resolved options. */
export function createMagicLinksServerMethods(options: ResolvedServerClientOptions): MagicLinksServerMethods {
  return {
    async authenticate(token, request = {}) {
      if (options.secret === undefined)
        throw invalidArgument('secret', 'is required to call the server-facing API');
      if (typeof token !== 'string' || token === '')
        throw invalidArgument('token', 'must be a non-empty string');
      const minutes = request.session_duration_minutes;
      if (minutes !== undefined && (!Number.isInteger(minutes) || minutes <= 0)) {
        throw invalidArgument('session_duration_minutes', 'must be a positive integer');
      }
      const body = await postServerApi(options, options.secret, '/v1/magic_links/authenticate', {
        token,
        session_duration_minutes: minutes,
        code_verifier: request.code_verifier,
      });
      if (!isResult(body)) {
        throw new LatchkeyServerError('invalid_response', {
          message: 'The provider answered 2xx without user_id, session, session_token, session_jwt and user.',
          requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
        });
      }
      return body;
    },
  };
}

function isResult(body: Record<string, unknown>): body is MagicLinksAuthenticateResult & {
  [key: string]: unknown;
} {
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
  return (
    typeof body.user_id === 'string' &&
    isObject(body.session) &&
    isObject(body.user) &&
    typeof body.session_token === 'string' &&
    typeof body.session_jwt === 'string'
  );
}
