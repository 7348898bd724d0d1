/** @module http-api — the administration API of a running provider, over HTTP with an operator key. */
import { answerOf, type OperatorApi } from './operator-api.js';

/** How long to wait for a provider that holds the database but does not answer yet (it is starting). */
const STARTING_PROVIDER_WAIT_MS = 60_000;

/** Calls `baseUrl` with `Authorization: Bearer <operatorKey>`. */
export function httpApi(baseUrl: string, operatorKey: string, { waitForStart = false } = {}): OperatorApi {
  const root = baseUrl.replace(/\/+$/, '');
  return async ({ method, path, body }) => {
    const deadline = Date.now() + (waitForStart ? STARTING_PROVIDER_WAIT_MS : 0);
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${root}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${operatorKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch (error) {
        const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (!refused || Date.now() >= deadline)
          throw new Error(`Cannot reach the provider at ${root}: ${(error as Error).message}`, {
            cause: error,
          });
        // The provider holds the database but is still starting: ask again shortly.
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      return answerOf(response.status, await response.text());
    }
  };
}
