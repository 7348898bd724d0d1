/** Issue 21: development seeding of many users, and the user search among them (exact, fuzzy, paged by cursor). */
import { describe, expect, it } from 'vitest';
import { basic, createTestContext, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';

const ctx = useTestContext();

async function operator() {
  return `Bearer ${(await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'seed')).secret}`;
}

function seed(authorization: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/dev/seed_users',
    headers: { authorization, 'content-type': 'application/json' },
    payload,
  });
}

function search(projectId: string, secret: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/users/search',
    headers: { authorization: basic(projectId, secret), 'content-type': 'application/json' },
    payload: body,
  });
}

/** A search body with one filter, as the console's address box sends it. */
const byFilter = (filter_name: string, filter_value: unknown, limit: number) => ({
  limit,
  query: { operator: 'AND', operands: [{ filter_name, filter_value }] },
});

describe('POST /dev/seed_users', () => {
  it('seeds 10 000 users that the search finds by exact and partial address, and pages through by cursor', async () => {
    const project = await ctx.givenProject({ name: 'Crowded' });
    const seeded = await seed(await operator(), {
      project_id: project.project_id,
      count: 10_000,
      email_prefix: 'crowd-',
    });
    expect(seeded.statusCode).toBe(200);
    expect(json(seeded)).toMatchObject({
      created: 10_000,
      first_email: 'crowd-00001@example.com',
      last_email: 'crowd-10000@example.com',
    });

    const exact = json(
      await search(
        project.project_id,
        project.secret,
        byFilter('email_address', ['crowd-04242@example.com'], 10),
      ),
    );
    expect(exact.results.map((u: { emails: { email: string }[] }) => u.emails[0]?.email)).toEqual([
      'crowd-04242@example.com',
    ]);
    expect(exact.results_metadata.total).toBe(1);

    const partial = json(
      await search(project.project_id, project.secret, byFilter('email_address_fuzzy', 'crowd-0424', 100)),
    );
    expect(partial.results_metadata.total).toBe(10);
    const prefixed = json(
      await search(project.project_id, project.secret, byFilter('email_address_prefix', 'Crowd-0424', 100)),
    );
    expect(prefixed.results_metadata.total).toBe(10);
    // Pattern characters are literal: `_` matches only an underscore.
    const literal = json(
      await search(project.project_id, project.secret, byFilter('email_address_prefix', 'crowd_', 1)),
    );
    expect(literal.results_metadata.total).toBe(0);

    // The console's table: pages of 1 000 by cursor, none repeated or skipped, in seeding order.
    const seen = new Set<string>();
    let cursor: string | null | undefined;
    let first: string | undefined;
    do {
      const page = json(
        await search(project.project_id, project.secret, { limit: 1_000, ...(cursor ? { cursor } : {}) }),
      );
      first ??= page.results[0]?.emails[0]?.email;
      for (const user of page.results) seen.add(user.user_id);
      cursor = page.results_metadata.next_cursor;
    } while (cursor);
    expect(seen.size).toBe(10_000);
    expect(first).toBe('crowd-00001@example.com');
  }, 180_000);

  it('refuses a taken prefix, a count over 100 000, an unknown project, and anyone without an operator credential', async () => {
    const project = await ctx.givenProject({ name: 'Small' });
    const authorization = await operator();
    expect(
      (await seed(authorization, { project_id: project.project_id, count: 2, email_prefix: 'twice-' }))
        .statusCode,
    ).toBe(200);
    const again = await seed(authorization, {
      project_id: project.project_id,
      count: 2,
      email_prefix: 'twice-',
    });
    expect(again.statusCode).toBe(400);
    expect(json(again).error_message).toContain('email_prefix');
    const tooMany = await seed(authorization, { project_id: project.project_id, count: 100_001 });
    expect(json(tooMany).error_type).toBe('invalid_request');
    const unknown = await seed(authorization, { project_id: 'project-test-nope', count: 1 });
    expect(json(unknown).error_type).toBe('project_not_found');
    const asProject = await seed(basic(project.project_id, project.secret), {
      project_id: project.project_id,
      count: 1,
    });
    expect(json(asProject).error_type).toBe('operator_credential_required');
  });

  it('does not exist in production', async () => {
    const production = await createTestContext({ mode: 'production' });
    try {
      const { secret } = await createOperatorKey(
        production.db,
        { clock: production.clock, random: cryptoRandom },
        'p',
      );
      const answer = await production.app.inject({
        method: 'POST',
        url: '/dev/seed_users',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: { project_id: production.dev.project_id, count: 1 },
      });
      expect(answer.statusCode).toBe(404);
      expect(json(answer).error_type).toBe('route_not_found');
    } finally {
      await production.close();
    }
  });
});
