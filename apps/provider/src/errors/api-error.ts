/** @module api-error — ApiError, the only error routes and services throw on purpose. */
import { type ErrorCode, errorCatalog } from './catalog.js';

/** One schema failure, shaped as the SDK prints it (`{dataPath}: {message}`). */
export interface ValidationItem {
  dataPath: string;
  message: string;
}

/** Options for an ApiError beyond its code. */
export interface ApiErrorOptions {
  /** Replaces the catalogue's default message. */
  message?: string;
  /** Schema failures; only `invalid_request` from validation carries them (wire/README.md). */
  body?: ValidationItem[];
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A wire error with a stable `code` (= `error_type`); the status comes from the catalogue. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly body: ValidationItem[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? errorCatalog[code].message, { cause: options.cause });
    this.code = code;
    this.status = errorCatalog[code].status;
    this.body = options.body;
    this.headers = options.headers ?? {};
  }
}

/**
 * 400 invalid_request naming `field` the way a failed schema check does: `body` points at it with
 * `detail`, and the message reads `<field>: <detail>` unless a check words it otherwise.
 */
export function badField(field: string, detail: string, message = `${field}: ${detail}`): ApiError {
  return new ApiError('invalid_request', { message, body: [{ dataPath: `.${field}`, message: detail }] });
}

/** Narrows an unknown thrown value to ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
