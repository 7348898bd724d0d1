/**
 * @module totps — the server API's authenticator apps (`/v1/totps…`): create, authenticate,
 * recovery codes and recover, named after the hosted provider's server SDK (`totps.create`,
 * `totps.recoveryCodes`, …) so code written for it reads the same. Requests and answers are
 * `@latchkey/wire`'s types.
 */

import type {
  ServerTotpsAuthenticateRequest,
  ServerTotpsAuthenticateResult,
  ServerTotpsCreateRequest,
  ServerTotpsCreateResult,
  ServerTotpsRecoverRequest,
  ServerTotpsRecoveryCodesRequest,
  ServerTotpsRecoveryCodesResult,
} from '@latchkey/wire';
import { serverApiCaller } from './internal/server-api-caller.js';
import type { ResolvedServerClientOptions } from './options.js';

export type {
  ServerTotpsAuthenticateRequest as TotpsAuthenticateRequest,
  ServerTotpsAuthenticateResult as TotpsAuthenticateResult,
  ServerTotpsCreateRequest as TotpsCreateRequest,
  ServerTotpsCreateResult as TotpsCreateResult,
  ServerTotpsRecoverRequest as TotpsRecoverRequest,
  ServerTotpsRecoveryCodesRequest as TotpsRecoveryCodesRequest,
  ServerTotpsRecoveryCodesResult as TotpsRecoveryCodesResult,
};

/**
 * The `totps` namespace of the server client. Every call throws a `LatchkeyServerError` with the
 * provider's `error_type` as `code` (`user_not_found`, `totp_already_exists`, `invalid_totp_code`,
 * `invalid_recovery_code`, `totp_not_found`, `too_many_requests`, …; docs/provider-api.md
 * "Server-facing TOTP"). A code is a second factor: `authenticate` and `recover` need the user's
 * `session_token` or `session_jwt` (the factor is added to it) or `intermediate_session_token`
 * (the sign-in it completes).
 */
export interface TotpsServerMethods {
  /** `POST /v1/totps`: a new authenticator app for `user_id`; the secret and recovery codes are shown this once. */
  create(request: ServerTotpsCreateRequest): Promise<ServerTotpsCreateResult>;
  /** `POST /v1/totps/authenticate`: checks a 6-digit code (the first one confirms the app). */
  authenticate(request: ServerTotpsAuthenticateRequest): Promise<ServerTotpsAuthenticateResult>;
  /** `POST /v1/totps/recovery_codes`: a new set of recovery codes for the user's app (the old set stops working). */
  recoveryCodes(request: ServerTotpsRecoveryCodesRequest): Promise<ServerTotpsRecoveryCodesResult>;
  /** `POST /v1/totps/recover`: uses one recovery code (each works once). */
  recover(request: ServerTotpsRecoverRequest): Promise<ServerTotpsAuthenticateResult>;
}

/** Builds the namespace over resolved options. */
export function createTotpsServerMethods(options: ResolvedServerClientOptions): TotpsServerMethods {
  const post = serverApiCaller(options, '/v1/totps');
  return {
    create: (request) => post('', request),
    authenticate: (request) => post('/authenticate', request),
    recoveryCodes: (request) => post('/recovery_codes', request),
    recover: (request) => post('/recover', request),
  };
}
