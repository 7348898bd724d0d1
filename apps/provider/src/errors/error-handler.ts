/** @module error-handler — the one error path: anything thrown becomes the wire error shape. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isTransientDatabaseError } from '../db/db-errors.js';
import { MailDeliveryError } from '../email/mailer.js';
import { ApiError, isApiError, type ValidationItem } from './api-error.js';
import { errorUrl } from './catalog.js';

/** The wire error body (wire/README.md "The response envelope"). */
export interface WireErrorBody {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
  body?: ValidationItem[];
}

interface AjvLikeError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `/name/first_name` or `/events/0/event` → `.name.first_name` / `.events[0].event`. */
function toDataPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
}

function validationItems(errors: AjvLikeError[]): ValidationItem[] {
  return errors.map((error) => {
    let dataPath = toDataPath(error.instancePath ?? '');
    const missing = error.params?.missingProperty;
    if (typeof missing === 'string') dataPath += `.${missing}`;
    // Bodies that refuse unknown fields name the one sent (`.trusted_metadata`), not its parent.
    const extra = error.params?.additionalProperty;
    if (typeof extra === 'string') dataPath += `.${extra}`;
    return { dataPath, message: error.message ?? 'is invalid' };
  });
}

/** Maps any thrown value onto a catalogue error. Unknown errors become internal_server_error. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const fastifyError = error as Partial<FastifyError> & { validation?: AjvLikeError[] };
  if (Array.isArray(fastifyError.validation)) {
    return new ApiError('invalid_request', {
      body: validationItems(fastifyError.validation),
      message: 'The request does not match the schema of this endpoint.',
      cause: error,
    });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', { cause: error });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_request', {
        message: 'The request body is not valid JSON.',
        cause: error,
      });
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new ApiError('invalid_request', { message: 'The request body is not valid JSON.', cause: error });
  }
  // A transient failure that survived its one retry (db/transaction.ts) is the client's to retry.
  if (error instanceof MailDeliveryError || isDatabaseUnavailable(error) || isTransientDatabaseError(error)) {
    return new ApiError('service_unavailable', { headers: { 'retry-after': '5' }, cause: error });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Framework-level client errors (bad URL, bad content length, …): never echo their text.
    return new ApiError('invalid_request', { cause: error });
  }
  return new ApiError('internal_server_error', { cause: error });
}

/** Builds the wire error body for `error` answered to `request`. */
export function toWireError(error: ApiError, requestId: string): WireErrorBody {
  const body: WireErrorBody = {
    status_code: error.status,
    request_id: requestId,
    error_type: error.code,
    error_message: error.message,
    error_url: errorUrl(error.code),
  };
  if (error.body) body.body = error.body;
  return body;
}

/** Fastify error handler: logs what needs a human, then answers with the wire error shape. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const apiError = toApiError(error);
  if (apiError.status >= 500) {
    // The request id ties the generic response to the logged cause.
    request.log.error({ err: error, error_type: apiError.code }, 'request failed');
  }
  reply.code(apiError.status).headers(apiError.headers).send(toWireError(apiError, request.id));
}
