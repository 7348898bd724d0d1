/** @module internal/post-server-api — the one path by which @latchkey/node calls the server-facing API. */

import { LatchkeyServerError } from '../errors.js';
import { providerEndpoint, type ResolvedServerClientOptions } from '../options.js';

/**
 * Calls `{providerUrl}{path}` (POST with a JSON body unless `method` says otherwise) with Basic `base64(projectId:secret)`
 * (or, for an operator's `forProject` client, Bearer `secret` = the operator credential with `Latchkey-Project-Id`) and returns the
 * parsed 2xx body. The server-facing API answers flat (no `data` envelope); errors have the
 * wire error shape and become a {@link LatchkeyServerError} with `code` = `error_type`. GET and
 * DELETE (no `body`) and PUT go the same way.
 */
export async function postServerApi(
  options: ResolvedServerClientOptions,
  secret: string,
  path: string,
  body: Record<string, unknown> | undefined,
  method: 'POST' | 'GET' | 'PUT' | 'DELETE' = 'POST',
): Promise<Record<string, unknown>> {
  if (options.operatorCredential !== undefined) {
    const headers = { 'latchkey-project-id': options.projectId };
    return callProviderApi(options, { method, path, authorization: `Bearer ${secret}`, headers, body });
  }
  const credentials = base64Utf8(`${options.projectId}:${secret}`);
  return callProviderApi(options, { method, path, authorization: `Basic ${credentials}`, body });
}

const utf8 = new TextEncoder();

/** Base64 of the text's UTF-8 bytes, with btoa rather than Buffer so edge runtimes run it too. */
function base64Utf8(text: string): string {
  return btoa(Array.from(utf8.encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

/** One call of a `/v1` API: any method, any credential (the operator client sends a Bearer key). */
export interface ProviderApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  authorization: string;
  /** Further request headers (an operator acting on a project names it in `Latchkey-Project-Id`). */
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Sends `call` and returns the parsed 2xx body; throws {@link LatchkeyServerError} as postServerApi does. */
export async function callProviderApi(
  options: Pick<ResolvedServerClientOptions, 'providerUrl' | 'fetch' | 'timeoutMs'>,
  call: ProviderApiCall,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await options.fetch(providerEndpoint(options, call.path), {
      method: call.method,
      headers: {
        ...call.headers,
        authorization: call.authorization,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    throw new LatchkeyServerError(timedOut ? 'network_timeout' : 'network_unreachable', { cause });
  }
  const json = await readJson(response);
  if (response.ok) return json;
  throw apiError(response.status, json);
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch (cause) {
    throw new LatchkeyServerError('invalid_response', {
      message: `The provider answered HTTP ${response.status} with a body that is not JSON.`,
      status: response.status,
      cause,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LatchkeyServerError('invalid_response', { status: response.status });
  }
  return parsed as Record<string, unknown>;
}

function apiError(httpStatus: number, json: Record<string, unknown>): LatchkeyServerError {
  const text = (key: string): string | undefined => (typeof json[key] === 'string' ? json[key] : undefined);
  const errorType = text('error_type');
  const status = typeof json.status_code === 'number' ? json.status_code : httpStatus;
  const details = { status, requestId: text('request_id'), errorUrl: text('error_url') };
  if (errorType === undefined) {
    return new LatchkeyServerError('invalid_response', {
      ...details,
      message: `The provider answered HTTP ${httpStatus} without an error_type.`,
    });
  }
  return new LatchkeyServerError(errorType, { ...details, message: text('error_message') });
}
