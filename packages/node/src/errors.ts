/** @module errors — the one error type of @latchkey/node and the catalogue of its own codes. */

/**
 * Codes this package raises itself, each with the message it uses when no better one is known.
 * API errors from the provider keep the wire `error_type` as their code, so the code type below
 * is this union widened to any string (the open-string trick jose uses).
 */
export const SERVER_ERROR_CATALOG: Readonly<Record<KnownServerErrorCode, string>> = Object.freeze({
  invalid_argument: 'An argument passed to @latchkey/node is missing or malformed.',
  invalid_jwt: 'The session JWT is malformed, not signed by the provider, or missing a required claim.',
  jwt_expired: 'The session JWT has expired.',
  jwt_too_old: 'The session JWT was issued longer ago than maxTokenAgeSeconds allows.',
  jwt_not_yet_valid: 'The session JWT is not valid yet (nbf or iat lies in the future).',
  jwt_issuer_mismatch: 'The session JWT was issued for a different issuer than this project.',
  jwt_audience_mismatch: 'The session JWT was issued for a different audience than this project.',
  jwt_algorithm_not_allowed: 'The session JWT uses a signing algorithm other than ES256 or RS256.',
  jwks_no_matching_key: "No key in the provider's JWKS matches the session JWT's key id.",
  jwks_unavailable: "The provider's JWKS could not be fetched or parsed.",
  network_unreachable: 'The provider could not be reached.',
  network_timeout: 'The provider did not answer in time.',
  invalid_response: 'The provider answered with a body that is not the expected JSON.',
});

/** A code this package itself can raise; see {@link SERVER_ERROR_CATALOG}. */
export type KnownServerErrorCode =
  | 'invalid_argument'
  | 'invalid_jwt'
  | 'jwt_expired'
  | 'jwt_too_old'
  | 'jwt_not_yet_valid'
  | 'jwt_issuer_mismatch'
  | 'jwt_audience_mismatch'
  | 'jwt_algorithm_not_allowed'
  | 'jwks_no_matching_key'
  | 'jwks_unavailable'
  | 'network_unreachable'
  | 'network_timeout'
  | 'invalid_response';

/** A known code, or any wire `error_type` the provider answers with (e.g. `session_not_found`). */
export type LatchkeyServerErrorCode = KnownServerErrorCode | (string & {});

/** Details an error may carry besides its code. */
export interface LatchkeyServerErrorOptions {
  message?: string;
  /** HTTP status (the wire `status_code`) when the error came from the provider. */
  status?: number;
  requestId?: string;
  errorUrl?: string;
  cause?: unknown;
}

/** Every failure of @latchkey/node, with a stable `code` callers can switch on. */
export class LatchkeyServerError extends Error {
  override readonly name: string = 'LatchkeyServerError';
  readonly code: LatchkeyServerErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly errorUrl: string | undefined;

  constructor(code: LatchkeyServerErrorCode, options: LatchkeyServerErrorOptions = {}) {
    super(options.message ?? defaultMessage(code), { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.requestId = options.requestId;
    this.errorUrl = options.errorUrl;
  }
}

/** Narrows an unknown thrown value to a {@link LatchkeyServerError}. */
export function isLatchkeyServerError(value: unknown): value is LatchkeyServerError {
  return value instanceof LatchkeyServerError;
}

function defaultMessage(code: string): string {
  return Object.hasOwn(SERVER_ERROR_CATALOG, code)
    ? SERVER_ERROR_CATALOG[code as KnownServerErrorCode]
    : `The provider answered with error ${code}.`;
}
