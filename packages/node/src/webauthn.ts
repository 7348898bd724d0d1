/**
 * @module webauthn — the server API's passkeys (`/v1/webauthn…`): start and finish a registration
 * for a user, start and finish a sign-in, rename a registration, named after the hosted provider's
 * server SDK (`webauthn.registerStart`, `register`, `authenticateStart`, `authenticate`, `update`)
 * so code written for it reads the same. Requests and answers are `@latchkey/wire`'s types.
 */

import type {
  ServerWebAuthnAuthenticateRequest,
  ServerWebAuthnAuthenticateResult,
  ServerWebAuthnAuthenticateStartRequest,
  ServerWebAuthnAuthenticateStartResult,
  ServerWebAuthnCredential,
  ServerWebAuthnListCredentialsRequest,
  ServerWebAuthnListCredentialsResult,
  ServerWebAuthnRegisterRequest,
  ServerWebAuthnRegisterResult,
  ServerWebAuthnRegisterStartRequest,
  ServerWebAuthnRegisterStartResult,
  ServerWebAuthnUpdateRequest,
  ServerWebAuthnUpdateResult,
} from '@latchkey/wire';
import { serverApiCaller } from './internal/server-api-caller.js';
import type { ResolvedServerClientOptions } from './options.js';

export type {
  ServerWebAuthnAuthenticateRequest as WebAuthnAuthenticateRequest,
  ServerWebAuthnAuthenticateResult as WebAuthnAuthenticateResult,
  ServerWebAuthnAuthenticateStartRequest as WebAuthnAuthenticateStartRequest,
  ServerWebAuthnAuthenticateStartResult as WebAuthnAuthenticateStartResult,
  ServerWebAuthnCredential as WebAuthnCredential,
  ServerWebAuthnListCredentialsRequest as WebAuthnListCredentialsRequest,
  ServerWebAuthnListCredentialsResult as WebAuthnListCredentialsResult,
  ServerWebAuthnRegisterRequest as WebAuthnRegisterRequest,
  ServerWebAuthnRegisterResult as WebAuthnRegisterResult,
  ServerWebAuthnRegisterStartRequest as WebAuthnRegisterStartRequest,
  ServerWebAuthnRegisterStartResult as WebAuthnRegisterStartResult,
  ServerWebAuthnUpdateRequest as WebAuthnUpdateRequest,
  ServerWebAuthnUpdateResult as WebAuthnUpdateResult,
};

/** `update`'s request: the registration to rename and its new name. */
export type WebAuthnUpdateCall = ServerWebAuthnUpdateRequest & { webauthn_registration_id: string };

/**
 * The `webauthn` namespace of the server client. Every call throws a `LatchkeyServerError` with the
 * provider's `error_type` as `code` (`invalid_request` for a domain outside the project's origins,
 * `user_not_found`, `invalid_webauthn_response`, `webauthn_verification_failed` — a used, expired
 * or foreign challenge among them —, `webauthn_registration_not_found`, `too_many_requests`, …;
 * docs/provider-api.md "Server-facing passkeys"). The options come back as a JSON string; ask for
 * `use_base64_url_encoding: true` to hand them to the browser's `navigator.credentials`. A finish
 * starts a session only with `session_duration_minutes` or extends the one named by
 * `session_token`/`session_jwt` (else `session` is null and the tokens are empty).
 */
export interface WebAuthnServerMethods {
  /** `POST /v1/webauthn/register/start`: creation options for the user on `domain`. */
  registerStart(request: ServerWebAuthnRegisterStartRequest): Promise<ServerWebAuthnRegisterStartResult>;
  /** `POST /v1/webauthn/register`: verifies the browser's creation response and stores the passkey. */
  register(request: ServerWebAuthnRegisterRequest): Promise<ServerWebAuthnRegisterResult>;
  /** `POST /v1/webauthn/authenticate/start`: request options (one user's passkeys, or any discoverable one). */
  authenticateStart(
    request: ServerWebAuthnAuthenticateStartRequest,
  ): Promise<ServerWebAuthnAuthenticateStartResult>;
  /** `POST /v1/webauthn/authenticate`: verifies the browser's assertion; answers its user. */
  authenticate(request: ServerWebAuthnAuthenticateRequest): Promise<ServerWebAuthnAuthenticateResult>;
  /** `PUT /v1/webauthn/{webauthn_registration_id}`: renames a registration. */
  update(request: WebAuthnUpdateCall): Promise<ServerWebAuthnUpdateResult>;
  /** `GET /v1/webauthn/credentials/{user_id}/{domain}`: the user's credentials and public keys on that RP ID. */
  listCredentials(
    request: ServerWebAuthnListCredentialsRequest,
  ): Promise<ServerWebAuthnListCredentialsResult>;
}

/** Builds the namespace over resolved options. */
export function createWebAuthnServerMethods(options: ResolvedServerClientOptions): WebAuthnServerMethods {
  const call = serverApiCaller(options, '/v1/webauthn');
  return {
    registerStart: (request) => call('/register/start', request),
    register: (request) => call('/register', request),
    authenticateStart: (request) => call('/authenticate/start', request),
    authenticate: (request) => call('/authenticate', request),
    update: ({ webauthn_registration_id, ...body }) =>
      call(`/${encodeURIComponent(webauthn_registration_id)}`, body, 'PUT'),
    listCredentials: ({ user_id, domain }) =>
      call(`/credentials/${encodeURIComponent(user_id)}/${encodeURIComponent(domain)}`, undefined, 'GET'),
  };
}
