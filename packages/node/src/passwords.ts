/**
 * @module passwords — the server API's passwords (`/v1/passwords…`): create, authenticate,
 * strength check, the three resets and migrate, named after the hosted provider's server SDK
 * (`passwords.email.resetStart`, `passwords.existingPassword.reset`, `passwords.sessions.reset`)
 * so code written for it reads the same. Requests and answers are `@latchkey/wire`'s types.
 */

import type {
  ServerPasswordsAuthenticateRequest,
  ServerPasswordsAuthenticateResult,
  ServerPasswordsCreateRequest,
  ServerPasswordsCreateResult,
  ServerPasswordsEmailResetRequest,
  ServerPasswordsEmailResetStartRequest,
  ServerPasswordsEmailResetStartResult,
  ServerPasswordsExistingPasswordResetRequest,
  ServerPasswordsMigrateRequest,
  ServerPasswordsMigrateResult,
  ServerPasswordsSessionResetRequest,
  ServerPasswordsStrengthCheckRequest,
  ServerPasswordsStrengthCheckResult,
} from '@latchkey/wire';
import { serverApiCaller } from './internal/server-api-caller.js';
import type { ResolvedServerClientOptions } from './options.js';

export type {
  ServerPasswordsAuthenticateRequest as PasswordsAuthenticateRequest,
  ServerPasswordsAuthenticateResult as PasswordsAuthenticateResult,
  ServerPasswordsCreateRequest as PasswordsCreateRequest,
  ServerPasswordsCreateResult as PasswordsCreateResult,
  ServerPasswordsEmailResetRequest as PasswordsEmailResetRequest,
  ServerPasswordsEmailResetStartRequest as PasswordsEmailResetStartRequest,
  ServerPasswordsEmailResetStartResult as PasswordsEmailResetStartResult,
  ServerPasswordsExistingPasswordResetRequest as PasswordsExistingPasswordResetRequest,
  ServerPasswordsMigrateRequest as PasswordsMigrateRequest,
  ServerPasswordsMigrateResult as PasswordsMigrateResult,
  ServerPasswordsSessionResetRequest as PasswordsSessionResetRequest,
  ServerPasswordsStrengthCheckRequest as PasswordsStrengthCheckRequest,
  ServerPasswordsStrengthCheckResult as PasswordsStrengthCheckResult,
};

/**
 * The `passwords` namespace of the server client. Every call throws a `LatchkeyServerError` with
 * the provider's `error_type` as `code` (`unauthorized_credentials`, `weak_password`,
 * `duplicate_email`, `reset_password`, `invalid_reset_token`, `too_many_requests`, …;
 * docs/provider-api.md "Server-facing passwords"). A session is started only when
 * `session_duration_minutes` is given (else `session` is null and the tokens are empty).
 */
export interface PasswordsServerMethods {
  /** `POST /v1/passwords`: a new user with the email and password (and name, metadata, external id, roles). */
  create(request: ServerPasswordsCreateRequest): Promise<ServerPasswordsCreateResult>;
  /** `POST /v1/passwords/authenticate`: checks the password; with a session token or JWT, adds the factor to it. */
  authenticate(request: ServerPasswordsAuthenticateRequest): Promise<ServerPasswordsAuthenticateResult>;
  /** `POST /v1/passwords/strength_check`: the strength, breach and policy verdict (nothing stored). */
  strengthCheck(request: ServerPasswordsStrengthCheckRequest): Promise<ServerPasswordsStrengthCheckResult>;
  /** `POST /v1/passwords/migrate`: imports an argon2id/argon2i, bcrypt, scrypt, PBKDF2, phpass or salted MD5/SHA-1/SHA-512 hash. */
  migrate(request: ServerPasswordsMigrateRequest): Promise<ServerPasswordsMigrateResult>;
  readonly email: {
    /** `POST /v1/passwords/email/reset/start`: emails a reset link; answers the user and email ids. */
    resetStart(request: ServerPasswordsEmailResetStartRequest): Promise<ServerPasswordsEmailResetStartResult>;
    /** `POST /v1/passwords/email/reset`: redeems the emailed token (once) with the new password. */
    reset(request: ServerPasswordsEmailResetRequest): Promise<ServerPasswordsAuthenticateResult>;
  };
  readonly existingPassword: {
    /** `POST /v1/passwords/existing_password/reset`: replaces a password known to the caller. */
    reset(request: ServerPasswordsExistingPasswordResetRequest): Promise<ServerPasswordsAuthenticateResult>;
  };
  readonly sessions: {
    /** `POST /v1/passwords/session/reset`: sets the password of a live session's user. */
    reset(request: ServerPasswordsSessionResetRequest): Promise<ServerPasswordsAuthenticateResult>;
  };
}

/** Builds the namespace over resolved options. */
export function createPasswordsServerMethods(options: ResolvedServerClientOptions): PasswordsServerMethods {
  const post = serverApiCaller(options, '/v1/passwords');
  return {
    create: (request) => post('', request),
    authenticate: (request) => post('/authenticate', request),
    strengthCheck: (request) => post('/strength_check', request),
    migrate: (request) => post('/migrate', request),
    email: {
      resetStart: (request) => post('/email/reset/start', request),
      reset: (request) => post('/email/reset', request),
    },
    existingPassword: { reset: (request) => post('/existing_password/reset', request) },
    sessions: { reset: (request) => post('/session/reset', request) },
  };
}
