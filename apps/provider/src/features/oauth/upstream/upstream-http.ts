/** @module upstream-http — the one way the provider calls an upstream identity provider: timeout, errors, JSON. */
import { ApiError } from '../../../errors/api-error.js';

/** An upstream that answers slower than this is treated as down. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** The injected `fetch` and the time-out every upstream call gets. */
export interface UpstreamHttp {
  fetch: typeof fetch;
  timeoutMs: number;
}

/**
 * Calls an upstream endpoint. No answer (refused, reset, DNS, time-out) is a 503: the provider
 * cannot tell a bad sign-in from an outage then (SECURITY J6). Redirects are not followed: a
 * token or code must only ever go to the URL that was configured.
 */
export async function fetchUpstream(
  http: UpstreamHttp,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    return await http.fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(http.timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    throw new ApiError('service_unavailable', {
      message: timedOut
        ? `The identity provider's ${what} did not answer within ${http.timeoutMs / 1000} seconds. Try again shortly.`
        : `The identity provider's ${what} could not be reached. Try again shortly.`,
      cause,
    });
  }
}

/** The body as text. A body cut off by the time-out or the network is a 503, like no answer at all. */
export async function readText(response: Response, what: string): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    throw new ApiError('service_unavailable', {
      message: `The identity provider's ${what} stopped answering midway. Try again shortly.`,
      cause,
    });
  }
}

/** The body as JSON, or `undefined` when it is not JSON (the caller decides what that means); see readText. */
export async function readJson(response: Response, what: string): Promise<unknown> {
  return parseJson(await readText(response, what));
}

/** `text` parsed as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object's own properties, or `undefined` for anything else. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
