/** @module test/helpers/fake-server-api — the server-facing API's stand-in for the server client's tests: one loopback server a file. */

import { type ErrorCode, errorCatalog } from '@latchkey/wire/error-codes';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createLatchkeyServerClient, type LatchkeyServerClient } from '../../src/create-server-client.js';
import type { LatchkeyServerClientOptions } from '../../src/options.js';
import { type HttpTestServer, sendJson, startHttpTestServer } from './http-test-server.js';

export const TEST_PROJECT_ID = 'project-test-00000000-0000-4000-8000-000000000002';
export const TEST_SECRET = 'secret-test-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The Authorization the project's credentials make, computed apart from the code under test. */
export const PROJECT_BASIC_AUTHORIZATION = `Basic ${Buffer.from(`${TEST_PROJECT_ID}:${TEST_SECRET}`).toString('base64')}`;

/** A file's stand-in provider. */
export interface FakeServerApi {
  /** Started before the file's first test, closed after its last; its requests are cleared after each test. */
  readonly server: HttpTestServer;
  /** Answers every request with `status` and `body` (JSON, or raw text when a string); returns a client of the project. */
  givenProvider(
    status: number,
    body: unknown,
    options?: Partial<LatchkeyServerClientOptions>,
  ): LatchkeyServerClient;
}

/** Registers the file's hooks and returns its stand-in (call at the top level of a test file). */
export function useFakeServerApi(): FakeServerApi {
  let server: HttpTestServer | undefined;
  beforeAll(async () => {
    server = await startHttpTestServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    if (server) server.requests.length = 0;
  });
  const started = (): HttpTestServer => {
    if (!server) throw new Error('the fake server API starts in beforeAll');
    return server;
  };
  return {
    get server() {
      return started();
    },
    givenProvider(status, body, options = {}) {
      const current = started();
      current.handle = (_request, response) =>
        typeof body === 'string' ? response.writeHead(status).end(body) : sendJson(response, status, body);
      return createLatchkeyServerClient({
        providerUrl: current.url,
        projectId: TEST_PROJECT_ID,
        secret: TEST_SECRET,
        ...options,
      });
    },
  };
}

/** A flat 200 answer of the server API: a session with its tokens and user, then the endpoint's `fields`. */
export function flatSessionAnswer(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    status_code: 200,
    session_token: 'opaque-token',
    session_jwt: 'header.payload.signature',
    session: {
      session_id: 'session-test-0001',
      user_id: 'user-test-0001',
      expires_at: '2030-01-01T01:00:00Z',
    },
    user: { user_id: 'user-test-0001', emails: [] },
    ...fields,
  };
}

/** A provider error answer of the server API, and the LatchkeyServerError the client must throw for it. */
export interface ProviderError {
  status: number;
  /** The wire error body: the code's status and default message from the catalogue. */
  body: Record<string, unknown>;
  /** What the thrown error carries (for `toMatchObject`). */
  thrown: Record<string, unknown>;
}

/** The provider's answer for `code`, as the wire spells it (`requestId` names this answer). */
export function providerError(code: ErrorCode, requestId = `request-id-test-${code}`): ProviderError {
  const { status, message } = errorCatalog[code];
  const errorUrl = `https://example.com/errors#${code}`;
  return {
    status,
    body: {
      status_code: status,
      request_id: requestId,
      error_type: code,
      error_message: message,
      error_url: errorUrl,
    },
    thrown: { name: 'LatchkeyServerError', code, status, requestId, errorUrl, message },
  };
}

/** The one request `api` received, checked to carry the project's Basic credentials, with its JSON body. */
export function onlyProjectRequest(api: FakeServerApi) {
  expect(api.server.requests).toHaveLength(1);
  const [request] = api.server.requests;
  expect(request?.headers.authorization).toBe(PROJECT_BASIC_AUTHORIZATION);
  return {
    method: request?.method,
    path: request?.path,
    body: request?.body ? JSON.parse(request.body) : undefined,
  };
}
