/** @module test/helpers/namespace-contract — the tests every request-in, answer-out namespace of the server client passes. */

import type { ErrorCode } from '@latchkey/wire/error-codes';
import { expect, it } from 'vitest';
import type { LatchkeyServerClient } from '../../src/create-server-client.js';
import { type FakeServerApi, onlyProjectRequest, providerError } from './fake-server-api.js';

/** One call of a namespace that POSTs its request as it is: its name (for the test title), the call and its path. */
export type PostingCall = readonly [
  name: string,
  call: (client: LatchkeyServerClient, request: object) => Promise<unknown>,
  path: string,
];

/** Each of `calls` POSTs `request` with the project's credentials to its path and returns the flat answer (`fields` and the common ones). */
export function itPostsEachCall(
  api: FakeServerApi,
  calls: readonly PostingCall[],
  request: object,
  fields: object,
): void {
  it.each(calls)(
    '%s POSTs the request to its path and returns the flat answer',
    async (_name, call, path) => {
      const answer = { status_code: 200, request_id: 'request-id-test-0001', ...fields };
      const client = api.givenProvider(200, answer);
      expect(await call(client, request)).toEqual(answer);
      expect(onlyProjectRequest(api)).toEqual({ method: 'POST', path, body: request });
    },
  );
}

/** `call` turns the provider's `code` answer into a LatchkeyServerError, and with no secret sends nothing. */
export function itThrowsProviderErrorsAndNeedsTheSecret(
  api: FakeServerApi,
  code: ErrorCode,
  call: (client: LatchkeyServerClient) => Promise<unknown>,
): void {
  it('a provider error becomes LatchkeyServerError with its code; without a secret nothing is sent', async () => {
    const error = providerError(code);
    await expect(call(api.givenProvider(error.status, error.body))).rejects.toMatchObject(error.thrown);
    const secretless = api.givenProvider(200, {}, { secret: undefined });
    api.server.requests.length = 0;
    await expect(call(secretless)).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(api.server.requests).toHaveLength(0);
  });
}
