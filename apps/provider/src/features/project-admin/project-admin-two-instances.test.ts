/** A project change made on one provider reaches a second one on the same database within the change feed's bound (issue 20). */
import { expect, it } from 'vitest';
import { json, sdkHeaders } from '../../../test/test-app.js';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';

const { ctx, second } = useTwoInstances();

it('a second instance drops its cached project on the notification, without waiting for its cache to expire', async () => {
  const { secret } = await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'tests');
  const project = await ctx.givenProject({ name: 'Before', isDev: true });
  const bootstrapOn = async (app: typeof ctx.app) =>
    json(
      await app.inject({
        method: 'GET',
        url: `/sdk/v1/projects/bootstrap/${project.public_token}`,
        headers: sdkHeaders(project.public_token),
      }),
    ).data.project_name;
  // Both instances cache the project.
  expect(await bootstrapOn(ctx.app)).toBe('Before');
  expect(await bootstrapOn(second.app)).toBe('Before');
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: `/v1/projects/${project.project_id}`,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    payload: { name: 'After' },
  });
  expect(patched.statusCode).toBe(200);
  expect(await bootstrapOn(ctx.app)).toBe('After');
  // The manual clock never moves, so only the notification can end the second instance's cached
  // copy; the bound is the notification's delivery (docs/provider-api.md), waited for as a state.
  await expect.poll(() => bootstrapOn(second.app), { timeout: 10_000, interval: 20 }).toBe('After');
});
