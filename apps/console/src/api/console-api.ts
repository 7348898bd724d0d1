/**
 * @module console-api — the one place the console calls the administration API: the console
 * session's token as `Authorization: Bearer`, JSON in and out, and the wire error as a
 * ConsoleApiError (its `error_type`, message and, for a bad setting, the field it names).
 */
import type { LatchkeyClient } from '@latchkey/client';

/** An API refusal, or a network failure (status 0). */
export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
    /** The setting a 400 names (`allowed_origins[1]`), when it names one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls `path` as the signed-in operator (`headers`: e.g. Latchkey-Project-Id to act on a project). */
export async function callConsoleApi<T = Record<string, unknown>>(
  client: LatchkeyClient,
  method: HttpMethod,
  path: string,
  body?: unknown,
  /** Acts on this project's server API (`Latchkey-Project-Id`, docs "An operator acting on one project"). */
  projectId?: string,
): Promise<T> {
  const token = client.session.getTokens()?.session_token;
  if (!token) throw new ConsoleApiError(401, 'signed_out', 'You are signed out of the console.');
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(projectId === undefined ? {} : { 'latchkey-project-id': projectId }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ConsoleApiError(
      0,
      'network_error',
      'The provider could not be reached. Check your connection and retry.',
    );
  }
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await response.json()) as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: the status below still says what happened.
  }
  if (response.ok) return parsed as T;
  const dataPath = (parsed.body as Array<{ dataPath?: string }> | undefined)?.[0]?.dataPath;
  throw new ConsoleApiError(
    response.status,
    String(parsed.error_type ?? 'unknown_error'),
    String(parsed.error_message ?? `The provider answered ${response.status}.`),
    dataPath?.replace(/^\./, ''),
  );
}
