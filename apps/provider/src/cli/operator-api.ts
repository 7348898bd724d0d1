/**
 * @module operator-api — how the CLI calls the project administration API: one function, the
 * same whether it goes over HTTP to a running provider or into an app built in this process.
 */

/** One call: method, path under the provider, JSON body. */
export interface OperatorCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Sends a call; resolves with the answer's JSON, rejects with OperatorApiError on a non-2xx. */
export type OperatorApi = (call: OperatorCall) => Promise<Record<string, unknown>>;

/** The API refused a call: its status and wire `error_type`, and the message the CLI prints. */
export class OperatorApiError extends Error {
  override readonly name = 'OperatorApiError';
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
  /** A mistake in what was asked (bad value, unknown project): the CLI exits 2, like a usage error. */
  get isUsageMistake(): boolean {
    return this.status === 400 || this.status === 404;
  }
}

/** Turns a status and answer into the result or the error (shared by both transports). */
export function answerOf(status: number, text: string): Record<string, unknown> {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new OperatorApiError(status, 'unreadable_answer', `The provider answered ${status} with no JSON.`);
  }
  if (status >= 200 && status < 300) return parsed;
  throw new OperatorApiError(
    status,
    String(parsed.error_type ?? 'unknown'),
    String(parsed.error_message ?? `The provider answered ${status}.`),
  );
}
