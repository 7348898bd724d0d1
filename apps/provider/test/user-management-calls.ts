/** The server API's `/v1/users…` called as an integrator's back end would (Basic project_id:secret). */
import type { LightMyRequestResponse } from 'fastify';
import { devProjectAuthorization } from './server-api-calls.js';
import { json, type TestContext } from './test-app.js';

/** Calls `method path` on the server API with the dev project's secret (or `authorization`). */
export function usersApi(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
  authorization: string = devProjectAuthorization(ctx),
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: path,
    headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** Creates a user through POST /v1/users; throws unless 200. */
export async function givenServerUser(ctx: TestContext, body: Record<string, unknown>) {
  const response = await usersApi(ctx, 'POST', '/v1/users', body);
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return json(response);
}
