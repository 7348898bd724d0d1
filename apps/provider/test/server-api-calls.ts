/** The server-facing API (`/v1/…`, Basic project_id:secret) called as an integrator's back end would. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sdkPost } from './sdk-call.js';
import { basic, json, statusAndErrorType, type TestContext } from './test-app.js';

/** The dev project's Basic credentials. */
export function devProjectAuthorization(ctx: TestContext): string {
  return basic(ctx.dev.project_id, ctx.dev.secret);
}

/** POSTs `payload` as JSON to `path`, with `authorization` when one is given. */
export function postServerApi(
  ctx: TestContext,
  path: string,
  authorization: string | undefined,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload,
  });
}

/**
 * Each call is refused with 403 under every credential that is not the project's secret: the
 * public token in its place (public_token_forbidden), and `signedIn`'s session as the secret or
 * as a Bearer JWT (session_token_forbidden).
 */
export async function expectForbiddenWithoutSecret(
  ctx: TestContext,
  signedIn: { session_token: string; session_jwt: string },
  calls: { path: string; payload: Record<string, unknown> }[],
): Promise<void> {
  for (const { path, payload } of calls) {
    for (const [authorization, type] of [
      [basic(ctx.dev.public_token, ctx.dev.secret), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_jwt}`, 'session_token_forbidden'],
    ] as const) {
      const response = await postServerApi(ctx, path, authorization, payload);
      expect(statusAndErrorType(response), path).toEqual([403, type]);
    }
  }
}

/** The session a redemption made is a real one: the server-facing session check accepts its token. */
export async function expectLiveSession(
  ctx: TestContext,
  answer: { session_token?: unknown; session?: { session_id?: unknown } },
): Promise<void> {
  const check = await postServerApi(ctx, '/v1/sessions/authenticate', devProjectAuthorization(ctx), {
    session_token: answer.session_token,
  });
  expect(json(check).session.session_id).toBe(answer.session?.session_id);
}

/** The browser's check of `sessionToken` (`POST /sdk/v1/sessions/authenticate`, as the widget's refresh sends it). */
export function browserSessionCheck(ctx: TestContext, sessionToken: string): Promise<LightMyRequestResponse> {
  return sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken });
}

/**
 * The body of a 200 server-API answer, checked to be flat as the hosted provider's is: no `data`
 * envelope, `status_code` and `request_id` beside the answer's own fields.
 */
// biome-ignore lint/suspicious/noExplicitAny: as json(), tests read arbitrary wire JSON.
export function flatServerAnswer<T = Record<string, any>>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = json<T>(response);
  expect(body).not.toHaveProperty('data');
  expect(body).toMatchObject({ status_code: 200, request_id: expect.any(String) });
  return body;
}
