/**
 * Deleting a user is destructive: an operator acting on a project through a console session
 * (`Bearer <console session>` + `Latchkey-Project-Id`) needs a factor proven in the last 5
 * minutes, as rotating a secret does; the project's secret and an operator key (machines) do not.
 * Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { asBearer, givenConsoleOperator } from '../../../test/console-helpers.js';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';

const ctx = useTestContext();
const MINUTE = 60_000;

/** Calls a project's server API as `bearer` acting on `projectId`. */
const onProject = (
  bearer: string,
  projectId: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
) => asBearer(ctx, bearer, method, url, body, { 'latchkey-project-id': projectId });

describe('DELETE /v1/users/{user_id} by an operator acting on a project', () => {
  it('asks a console session for a recent factor; a fresh one lets the deletion through', async () => {
    const op = await givenConsoleOperator(ctx);
    const project = await ctx.givenProject({ name: 'Managed' });
    const created = await onProject(op.sessionToken, project.project_id, 'POST', '/v1/users', {
      email: 'ada@example.com',
    });
    expect(created.statusCode, created.body).toBe(200);
    const userId = json(created).user_id as string;
    const remove = () => onProject(op.sessionToken, project.project_id, 'DELETE', `/v1/users/${userId}`);

    ctx.clock.advance(5 * MINUTE + 1000);
    expect(json(await remove())).toMatchObject({ status_code: 403, error_type: 'step_up_required' });
    // Nothing changed, and reading needs no step-up.
    const still = await onProject(op.sessionToken, project.project_id, 'GET', `/v1/users/${userId}`);
    expect(json(still)).toMatchObject({ status_code: 200, user_id: userId });

    // The console's step-up adds a fresh factor to the same session.
    await ctx.app.sessions.addFactor(ctx.db, op.project, op.sessionId, {
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: ctx.clock.now().toISOString(),
    });
    expect(json(await remove())).toMatchObject({ status_code: 200, user_id: userId });
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/v1/users/${userId}`,
      headers: { authorization: basic(project.project_id, project.secret) },
    });
    expect(json(gone)).toMatchObject({ status_code: 404, error_type: 'user_not_found' });
  });

  it('is not asked of an operator key or of the project secret', async () => {
    const project = await ctx.givenProject({ name: 'Machines' });
    const { secret: key } = await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'ci');
    const make = async (email: string) =>
      json(await onProject(key, project.project_id, 'POST', '/v1/users', { email })).user_id as string;
    const [byKey, bySecret] = [await make('key@example.com'), await make('secret@example.com')];
    ctx.clock.advance(60 * MINUTE);
    expect((await onProject(key, project.project_id, 'DELETE', `/v1/users/${byKey}`)).statusCode).toBe(200);
    const withSecret = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/users/${bySecret}`,
      headers: { authorization: basic(project.project_id, project.secret) },
    });
    expect(withSecret.statusCode).toBe(200);
  });
});
