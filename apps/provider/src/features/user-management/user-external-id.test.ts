/**
 * Issue 20: the hosted provider's user fields the server API lacked — `external_id` (unique per
 * project, set on create or update, accepted wherever a user id is, searchable, removable),
 * `roles`, the lock state — and its `invalid_user_id` for a malformed id.
 */
import { describe, expect, it } from 'vitest';
import { givenPasswordUser } from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';

const ctx = useTestContext();
const UNKNOWN_ID = 'user-test-00000000-0000-4000-8000-000000000000';

describe('external_id', () => {
  it('is set on create, answered, and names the user on get, update, search and delete', async () => {
    const created = await givenServerUser(ctx, {
      email: 'ext@example.com',
      external_id: 'crm|42',
      roles: ['admin'],
    });
    expect(created.user).toMatchObject({ external_id: 'crm|42', roles: ['admin'], is_locked: false });
    const got = json(await usersApi(ctx, 'GET', '/v1/users/crm|42'));
    expect(got).toMatchObject({ user_id: created.user_id, external_id: 'crm|42' });

    const updated = json(
      await usersApi(ctx, 'PUT', '/v1/users/crm|42', { external_id: 'crm-43', roles: ['admin', 'billing'] }),
    );
    expect(updated.user).toMatchObject({ external_id: 'crm-43', roles: ['admin', 'billing'] });
    expect((await usersApi(ctx, 'GET', '/v1/users/crm|42')).statusCode).toBe(404);

    const found = json(
      await usersApi(ctx, 'POST', '/v1/users/search', {
        query: { operator: 'AND', operands: [{ filter_name: 'user_id', filter_value: ['crm-43'] }] },
      }),
    );
    expect(found.results.map((u: { user_id: string }) => u.user_id)).toEqual([created.user_id]);

    const cleared = json(await usersApi(ctx, 'DELETE', '/v1/users/crm-43/external_id'));
    expect(cleared).toMatchObject({ user_id: created.user_id, user: { external_id: null } });
    expect((await usersApi(ctx, 'GET', '/v1/users/crm-43')).statusCode).toBe(404);

    await usersApi(ctx, 'PUT', `/v1/users/${created.user_id}`, { external_id: 'gone-soon' });
    const deleted = json(await usersApi(ctx, 'DELETE', '/v1/users/gone-soon'));
    expect(deleted.user_id).toBe(created.user_id);
    expect((await usersApi(ctx, 'GET', `/v1/users/${created.user_id}`)).statusCode).toBe(404);
  });

  it('is unique per project: a second holder → 400 duplicate_external_id, nothing changed; another project may reuse it', async () => {
    const holder = await givenServerUser(ctx, { email: 'holder@example.com', external_id: 'dup-1' });
    const other = await givenServerUser(ctx, { email: 'other@example.com' });
    const before = await rowCounts(ctx, ['users', 'emails']);
    const create = await usersApi(ctx, 'POST', '/v1/users', {
      email: 'third@example.com',
      external_id: 'dup-1',
    });
    expect(statusAndErrorType(create)).toEqual([400, 'duplicate_external_id']);
    const update = await usersApi(ctx, 'PUT', `/v1/users/${other.user_id}`, { external_id: 'dup-1' });
    expect(statusAndErrorType(update)).toEqual([400, 'duplicate_external_id']);
    expect(await rowCounts(ctx, ['users', 'emails'])).toEqual(before);
    expect(json(await usersApi(ctx, 'GET', `/v1/users/${other.user_id}`)).external_id).toBeNull();
    // Setting a user's own external id again changes nothing.
    expect(
      (await usersApi(ctx, 'PUT', `/v1/users/${holder.user_id}`, { external_id: 'dup-1' })).statusCode,
    ).toBe(200);

    const project = await ctx.givenProject({});
    const elsewhere = await usersApi(
      ctx,
      'POST',
      '/v1/users',
      { email: 'holder@example.com', external_id: 'dup-1' },
      basic(project.project_id, project.secret),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('two concurrent creates with one external id: one wins, the other is 400 duplicate_external_id', async () => {
    const create = (email: string) => usersApi(ctx, 'POST', '/v1/users', { email, external_id: 'race-1' });
    const answers = await Promise.all([create('race-a@example.com'), create('race-b@example.com')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.map((a) => json(a).error_type).filter(Boolean)).toEqual(['duplicate_external_id']);
  });

  it('a malformed one (or one shaped like a user id) → 400 naming external_id', async () => {
    for (const externalId of ['has space', 'user-test-abc', 'x'.repeat(129), '']) {
      const response = await usersApi(ctx, 'POST', '/v1/users', {
        email: 'shape@example.com',
        external_id: externalId,
      });
      expect(response.statusCode, externalId).toBe(400);
      expect(JSON.stringify(json(response).body)).toContain('external_id');
    }
  });
});

describe('invalid_user_id', () => {
  it('a user_id that is neither a user id nor an external id → 400 invalid_user_id; an unknown one → 404 user_not_found', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const malformed = await usersApi(ctx, method, '/v1/users/not%20an%20id');
      expect(statusAndErrorType(malformed), method).toEqual([400, 'invalid_user_id']);
      const lookalike = await usersApi(ctx, method, '/v1/users/user-test-garbage');
      expect(statusAndErrorType(lookalike), method).toEqual([400, 'invalid_user_id']);
      const unknown = await usersApi(ctx, method, `/v1/users/${UNKNOWN_ID}`);
      expect(statusAndErrorType(unknown), method).toEqual([404, 'user_not_found']);
      const unknownExternal = await usersApi(ctx, method, '/v1/users/no-such-external-id');
      expect(statusAndErrorType(unknownExternal), method).toEqual([404, 'user_not_found']);
    }
    const put = await usersApi(ctx, 'PUT', '/v1/users/user-live-nope', { roles: [] });
    expect(statusAndErrorType(put)).toEqual([400, 'invalid_user_id']);
  });
});

describe('user.* events', () => {
  it("a browser sign-up's user.created carries the server API's user object, as /v1/users publishes it", async () => {
    const heard: DomainEvent[] = [];
    ctx.app.domainEvents.subscribe('user.created', async (_db, event) => {
      heard.push(event);
    });
    const created = await givenPasswordUser(ctx, 'browser-signup@example.com');
    const [event] = heard;
    expect(event?.data).toMatchObject({
      user_id: created.user_id,
      external_id: null,
      roles: [],
      is_locked: false,
      lock_created_at: null,
    });
  });
});
