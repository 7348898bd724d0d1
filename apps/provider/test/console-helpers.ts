/** Helpers for the console tests: the operator project, its users, sessions and invites. */
import { expect } from 'vitest';
import { inTransaction } from '../src/db/transaction.js';
import { createOperatorKey } from '../src/features/operator-keys/operator-keys.service.js';
import { ensureOperatorProject } from '../src/features/operator-keys/operator-project.js';
import type { Project } from '../src/features/projects/project.js';
import { userDirectory } from '../src/features/users/user-directory.js';
import { cryptoRandom } from '../src/random.js';
import { json, type TestContext } from './test-app.js';

/** The operator project as a start makes it (the console served from the test app's origin). */
export async function givenOperatorProject(ctx: TestContext): Promise<Project> {
  const { project } = await ensureOperatorProject(ctx.db, {
    clock: ctx.clock,
    random: cryptoRandom,
    consoleOrigin: 'http://localhost:4000',
  });
  return project;
}

/**
 * A user of `project` with `email` and a live session that proved a passkey now, as a console
 * sign-in leaves it; returns the user and the session token.
 */
export async function givenSignedInUser(ctx: TestContext, project: Project, email: string) {
  const now = ctx.clock.now();
  const user = await userDirectory.createBlank(ctx.db, project, 'active', { random: cryptoRandom, now });
  await userDirectory.addEmailIfAbsent(ctx.db, {
    id: `email-test-${cryptoRandom.uuid()}`,
    project_id: project.id,
    user_id: user.id,
    email,
    verified: true,
    created_at: now,
  });
  const { row, token } = await inTransaction(ctx.db, (trx) =>
    ctx.app.sessions.create(trx, {
      project,
      userId: user.id,
      factor: {
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        last_authenticated_at: now.toISOString(),
      },
      durationMinutes: 30,
      attributes: { ip_address: '127.0.0.1', user_agent: 'test' },
    }),
  );
  return { userId: user.id, sessionId: row.id, sessionToken: token };
}

/** Calls the app with `Authorization: Bearer <bearer>`. */
export function asBearer(
  ctx: TestContext,
  bearer: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...headers,
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The secret of a fresh operator key (named "test"). */
export async function newOperatorKey(ctx: TestContext): Promise<string> {
  return (await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'test')).secret;
}

/** Invites `email` with a fresh operator key; returns the invite token from the link's fragment. */
export async function inviteOperator(ctx: TestContext, email: string): Promise<string> {
  const response = await asBearer(ctx, await newOperatorKey(ctx), 'POST', '/v1/console_operators/invites', {
    email,
  });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(json(response).invite_url);
  expect(url.pathname).toBe('/console/invite');
  return new URLSearchParams(url.hash.slice(1)).get('token') as string;
}

/** A signed-in console operator: invited, signed in to the operator project now, invite accepted. */
export async function givenConsoleOperator(
  ctx: TestContext,
  email = `op-${cryptoRandom.uuid()}@example.com`,
) {
  const project = await givenOperatorProject(ctx);
  const token = await inviteOperator(ctx, email);
  const user = await givenSignedInUser(ctx, project, email);
  const accepted = await asBearer(ctx, user.sessionToken, 'POST', '/v1/console/invites/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { project, ...user, operatorId: json(accepted).operator.operator_id as string };
}
