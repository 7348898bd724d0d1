/** @module internal/http — the only caller of fetch: headers, timeout, envelope decode, error mapping. */

import {
  LatchkeyApiError,
  LatchkeyCaptchaRequiredError,
  LatchkeyNetworkError,
  LatchkeySchemaError,
  type LatchkeySchemaErrorItem,
  LatchkeyTimeoutError,
} from '../errors.js';
import type { Clock } from '../options.js';
import { encodeBase64Utf8 } from './base64url.js';

/** One `/sdk/v1` call. `body` undefined means no body at all (GET, DELETE, revoke). */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
}

/** Dependencies of the HTTP client; the getters are read per request. */
export interface HttpClientDeps {
  apiBase: string;
  publicToken: string;
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  sessionToken(): string | null;
  /** The token of a sign-in waiting for its second factor (`docs/contracts.md`, multi-factor). */
  intermediateSessionToken(): string | null;
  telemetryHeader(): string;
  parentHost(): string;
}

/** The network client used by every module. */
export interface HttpClient {
  /** Sends an SDK call and resolves to `body.data`, or rejects with a LatchkeyError. */
  request<T>(request: HttpRequest): Promise<T>;
  /** Posts a telemetry batch with only Content-Type; resolves whatever happens. */
  sendEvents(events: unknown[]): Promise<void>;
}

function schemaItems(body: Record<string, unknown>): LatchkeySchemaErrorItem[] {
  const raw = body.body ?? body.params ?? body.query;
  if (!Array.isArray(raw)) return [];
  return raw.map((item: { dataPath?: unknown; message?: unknown }) => ({
    dataPath: String(item?.dataPath ?? ''),
    message: String(item?.message ?? ''),
  }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Maps a response with status ≥ 300 to the error the wire prescribes (`README.md`, envelope). */
function errorFromResponse(status: number, text: string): Error {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null) {
    if (text.includes('Captcha required')) return new LatchkeyCaptchaRequiredError({ cause: text });
    return new LatchkeyNetworkError(`Invalid response from the provider (HTTP ${status})`, { cause: text });
  }
  const fields = body as Record<string, unknown>;
  if ('body' in fields || 'params' in fields || 'query' in fields) {
    return new LatchkeySchemaError(schemaItems(fields), { cause: body });
  }
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return new LatchkeyApiError(
    {
      code: str(fields.error_type) ?? 'unknown_error',
      status: typeof fields.status_code === 'number' ? fields.status_code : status,
      message: str(fields.error_message) ?? `Request failed with HTTP ${status}`,
      requestId: str(fields.request_id),
      errorUrl: str(fields.error_url),
    },
    { cause: body },
  );
}

/** Creates the network client. */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  async function send(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    // A clock timer (not AbortSignal.timeout) so injected and fake timers drive it.
    const timer = deps.clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new LatchkeyTimeoutError(deps.timeoutMs, { cause: error });
      throw new LatchkeyNetworkError(`Cannot reach the provider at ${deps.apiBase}`, { cause: error });
    } finally {
      deps.clock.clearTimeout(timer);
    }
  }

  async function readText(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw new LatchkeyNetworkError('The provider response could not be read', { cause: error });
    }
  }

  return {
    async request<T>(request: HttpRequest): Promise<T> {
      // The IST travels where a session token would; the public token means "nobody".
      const secret = deps.sessionToken() || deps.intermediateSessionToken() || deps.publicToken;
      const headers: Record<string, string> = {
        Authorization: `Basic ${encodeBase64Utf8(`${deps.publicToken}:${secret}`)}`,
        'Content-Type': 'application/json',
        'X-SDK-Client': deps.telemetryHeader(),
        'X-SDK-Parent-Host': deps.parentHost(),
      };
      const init: RequestInit = { method: request.method, headers };
      if (request.body !== undefined) init.body = JSON.stringify(request.body);
      const response = await send(`${deps.apiBase}${request.path}`, init);
      const text = await readText(response);
      if (response.status >= 300) throw errorFromResponse(response.status, text);
      const body = parseJson(text);
      if (typeof body !== 'object' || body === null) {
        throw new LatchkeyNetworkError('Invalid JSON in the provider response', { cause: text });
      }
      return (body as { data: T }).data;
    },

    async sendEvents(events: unknown[]): Promise<void> {
      try {
        const response = await send(`${deps.apiBase}/events`, {
          method: 'POST',
          // Lets a batch sent right before the page leaves (an OAuth start) still arrive.
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(events),
        });
        await response.text();
      } catch {
        // Telemetry never affects the app (SECURITY J6): failures are dropped.
      }
    },
  };
}
