/** The project administration API called as an operator would (Bearer operator key), for tests that change a project's settings. */
import type { LightMyRequestResponse } from 'fastify';
import { createOperatorKey } from '../src/features/operator-keys/operator-keys.service.js';
import { cryptoRandom } from '../src/random.js';
import { json, type TestContext } from './test-app.js';

const keys = new WeakMap<TestContext, Promise<string>>();

/** `Bearer <key>` of an operator key made once per context. */
export function operatorAuthorization(ctx: TestContext): Promise<string> {
  let key = keys.get(ctx);
  if (!key) {
    key = createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'tests').then(
      ({ secret }) => `Bearer ${secret}`,
    );
    keys.set(ctx, key);
  }
  return key;
}

/** PATCH /v1/projects/{id} with `body`. */
export async function patchProject(
  ctx: TestContext,
  projectId: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/v1/projects/${encodeURIComponent(projectId)}`,
    headers: { authorization: await operatorAuthorization(ctx), 'content-type': 'application/json' },
    payload: body,
  });
}

/** PATCH that must succeed; answers the project object. */
export async function givenProjectSettings(
  ctx: TestContext,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await patchProject(ctx, projectId, body);
  if (response.statusCode !== 200) throw new Error(`PATCH failed: ${response.body}`);
  return json(response).project;
}
