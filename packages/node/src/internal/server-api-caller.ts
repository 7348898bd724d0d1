/** @module internal/server-api-caller — one namespace's calls of the server-facing API, under its path. */

import { type ResolvedServerClientOptions, requireSecret, requireText } from '../options.js';
import { postServerApi } from './post-server-api.js';

/** The methods a namespace of the server client sends. */
export type ServerApiMethod = 'POST' | 'GET' | 'PUT' | 'DELETE';

/** Sends `body` (none for GET and DELETE) to `{base}{path}` and answers the 2xx body as `Result`. */
export type ServerApiCall = <Result>(
  path: string,
  body?: object,
  method?: ServerApiMethod,
) => Promise<Result>;

/**
 * The caller of a namespace whose paths start at `base` (`/v1/totps`): each call takes the
 * project secret (or the operator credential) as it is sent, so a client built without one
 * throws `invalid_argument` on its first call, not when it is made.
 */
export function serverApiCaller(options: ResolvedServerClientOptions, base: string): ServerApiCall {
  return async <Result>(path: string, body?: object, method: ServerApiMethod = 'POST') =>
    postServerApi(
      options,
      requireSecret(options),
      `${base}${path}`,
      body as Record<string, unknown> | undefined,
      method,
    ) as Promise<Result>;
}

/** `/{id}` with `id` checked (`invalid_argument` naming `name` when empty) and encoded, so an id never reaches another path. */
export function idSegment(name: string, id: string): string {
  requireText(name, id);
  return `/${encodeURIComponent(id)}`;
}
