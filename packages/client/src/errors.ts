/** @module errors — the error catalogue of @latchkey/client: one base class, a stable `code` per failure. */

/**
 * The catalogue: every code the client raises itself, plus the wire `error_type`s it gives a
 * meaning to. `README.md` lists the same codes; a test keeps the two in step.
 */
export const LATCHKEY_ERROR_CODES = {
  network_unreachable: 'No usable response: fetch failed (offline, CORS, DNS) or the body was not JSON.',
  timeout: 'The request was aborted after timeoutMs.',
  schema_mismatch: 'The provider rejected the request shape.',
  captcha_required:
    'No captcha token to be had (script blocked, failed or timed out), or the provider asked for one.',
  captcha_failed: 'Wire: the provider refused the captcha token, also when retried once with a fresh one.',
  invalid_argument: 'A caller passed a bad argument; the message names it.',
  crypto_unavailable: 'PKCE needs crypto.subtle, which only secure contexts have.',
  session_changed: 'The session ended while session.authenticate() was in flight.',
  unauthorized_credentials: 'Wire: the credentials or session are not valid; ends the local session.',
  user_unauthenticated: 'Wire: no signed-in user; ends the local session.',
  invalid_secret_authentication: 'Wire: the Basic-auth secret is wrong; ends the local session.',
  session_not_found: 'Wire: the session is unknown or revoked; ends the local session.',
  pkce_mismatch: 'Wire: the PKCE verifier does not match; magic links retry with another verifier.',
  webauthn_credential_excluded: 'The authenticator already holds a passkey of this account (registration).',
  webauthn_not_allowed: 'The WebAuthn ceremony was cancelled, timed out or refused by the user.',
  webauthn_aborted: 'The WebAuthn ceremony was replaced by another one or aborted through `signal`.',
  webauthn_unsupported: 'No WebAuthn here: the browser lacks it, or the page is not a secure context.',
  webauthn_ceremony_failed: 'Any other WebAuthn failure, including unusable options from the provider.',
} as const;

/** A code from the catalogue. */
export type KnownLatchkeyErrorCode = keyof typeof LATCHKEY_ERROR_CODES;

/** Any error code: the catalogue's, or another wire `error_type` passed through unchanged. */
export type LatchkeyErrorCode = KnownLatchkeyErrorCode | (string & {});

/** Options shared by every Latchkey error constructor. */
export interface LatchkeyErrorOptions {
  cause?: unknown;
}

/** Base class of everything the client throws on purpose. */
export class LatchkeyError extends Error {
  /** Stable machine-readable code; for API errors it is the wire `error_type`. */
  readonly code: LatchkeyErrorCode;

  constructor(code: LatchkeyErrorCode, message: string, options?: LatchkeyErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LatchkeyError';
    this.code = code;
  }
}

/** Fields of the wire error body (`README.md`, "The response envelope"). */
export interface LatchkeyApiErrorFields {
  code: string;
  status: number;
  message: string;
  requestId?: string | undefined;
  errorUrl?: string | undefined;
}

/** The provider answered with a JSON error (`status_code`, `error_type`, `error_message`, …). */
export class LatchkeyApiError extends LatchkeyError {
  /** The wire `status_code`. */
  readonly status: number;
  readonly requestId: string | undefined;
  readonly errorUrl: string | undefined;

  constructor(fields: LatchkeyApiErrorFields, options?: LatchkeyErrorOptions) {
    super(fields.code, fields.message, options);
    this.name = 'LatchkeyApiError';
    this.status = fields.status;
    this.requestId = fields.requestId;
    this.errorUrl = fields.errorUrl;
  }
}

/** No usable response: fetch failed (offline, CORS, DNS) or the body was not the expected JSON. */
export class LatchkeyNetworkError extends LatchkeyError {
  constructor(
    message: string,
    options?: LatchkeyErrorOptions & { code?: 'network_unreachable' | 'timeout' },
  ) {
    super(options?.code ?? 'network_unreachable', message, options);
    this.name = 'LatchkeyNetworkError';
  }
}

/** The request was aborted after `timeoutMs`; a network error, so retry logic treats both alike. */
export class LatchkeyTimeoutError extends LatchkeyNetworkError {
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: LatchkeyErrorOptions) {
    super(`Request timed out after ${timeoutMs} ms`, { ...options, code: 'timeout' });
    this.name = 'LatchkeyTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** One request-validation failure reported by the provider, e.g. `{dataPath: ".email", message: "…"}`. */
export interface LatchkeySchemaErrorItem {
  dataPath: string;
  message: string;
}

/** The provider rejected the request shape (error body with a `body`, `params` or `query` key). */
export class LatchkeySchemaError extends LatchkeyError {
  readonly items: LatchkeySchemaErrorItem[];

  constructor(items: LatchkeySchemaErrorItem[], options?: LatchkeyErrorOptions) {
    const lines = items.map((item) => `${item.dataPath}: ${item.message}`);
    super('schema_mismatch', ['Request does not match the expected schema', ...lines].join('\n'), options);
    this.name = 'LatchkeySchemaError';
    this.items = items;
  }
}

/**
 * A captcha'd call could not get a reCAPTCHA token (script blocked or failing, no token within
 * 10 s), or the provider asked for a captcha (non-JSON error text containing `Captcha required`).
 */
export class LatchkeyCaptchaRequiredError extends LatchkeyError {
  constructor(options?: LatchkeyErrorOptions) {
    super('captcha_required', 'Captcha required', options);
    this.name = 'LatchkeyCaptchaRequiredError';
  }
}

/** A caller passed a bad argument; `argument` names it, and so does the message. */
export class LatchkeyArgumentError extends LatchkeyError {
  readonly argument: string;

  constructor(argument: string, expectation: string, options?: LatchkeyErrorOptions) {
    super('invalid_argument', `${argument} ${expectation}`, options);
    this.name = 'LatchkeyArgumentError';
    this.argument = argument;
  }
}

/** The codes of `LatchkeyWebAuthnError`. */
export type LatchkeyWebAuthnErrorCode =
  | 'webauthn_credential_excluded'
  | 'webauthn_not_allowed'
  | 'webauthn_aborted'
  | 'webauthn_unsupported'
  | 'webauthn_ceremony_failed';

/**
 * A browser WebAuthn ceremony failed (`docs/contracts.md`, passkeys). `message` is the browser's
 * own text where there is one (the widget matches on it), `cause` the browser's original error.
 */
export class LatchkeyWebAuthnError extends LatchkeyError {
  declare readonly code: LatchkeyWebAuthnErrorCode;

  constructor(code: LatchkeyWebAuthnErrorCode, message: string, options?: LatchkeyErrorOptions) {
    super(code, message, options);
    this.name = 'LatchkeyWebAuthnError';
  }
}

/** Type guard for any error raised by this package. */
export function isLatchkeyError(value: unknown): value is LatchkeyError {
  return value instanceof LatchkeyError;
}

/** The wire error types after which a session cannot recover (wire `README.md`, special error types). */
export const UNRECOVERABLE_SESSION_ERRORS: readonly string[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

/** True when `error` is an API error that ends the local session. */
export function isUnrecoverableSessionError(error: unknown): boolean {
  return error instanceof LatchkeyApiError && UNRECOVERABLE_SESSION_ERRORS.includes(error.code);
}
