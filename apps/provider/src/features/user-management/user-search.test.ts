/** Issues 20 and 21: POST /v1/users/search — the hosted provider's filters, AND/OR, and cursor pages, oldest or newest first, that stay exact while users are created. */
import { describe, expect, it } from 'vitest';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';

const ctx = useTestContext();

const search = (body: Record<string, unknown>) => usersApi(ctx, 'POST', '/v1/users/search', body);

async function idsOf(body: Record<string, unknown>): Promise<string[]> {
  const response = await search(body);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).results.map((user: { user_id: string }) => user.user_id);
}

const query = (operator: 'AND' | 'OR', ...operands: Record<string, unknown>[]) => ({
  query: { operator, operands },
});

describe('POST /v1/users/search filters', () => {
  it('finds users by address, number, status, creation time, metadata, wallet and upstream subject', async () => {
    const ada = await givenServerUser(ctx, {
      email: 'ada@search.example',
      phone_number: '+14155550111',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro', tier: 2 },
    });
    ctx.clock.advance(60_000);
    const midpoint = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);
    const bob = await givenServerUser(ctx, {
      email: 'bob@search.example',
      create_user_as_pending: true,
      untrusted_metadata: { theme: 'dark' },
    });
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('crypto_wallets')
      .values({
        id: 'crypto-wallet-test-search',
        project_id: ctx.dev.project_id,
        user_id: bob.user_id,
        type: 'ethereum',
        address: '0xAbC0000000000000000000000000000000000042',
        verified: true,
        created_at: now,
        last_authenticated_at: now,
      })
      .execute();
    await ctx.db
      .insertInto('oauth_registrations')
      .values({
        id: 'oauth-user-registration-test-search',
        project_id: ctx.dev.project_id,
        user_id: ada.user_id,
        provider_type: 'github',
        issuer: 'https://github.com',
        provider_subject: 'gh-4242',
        email_id: null,
        profile_picture_url: '',
        locale: '',
        created_at: now,
        last_authenticated_at: now,
      })
      .execute();
    await ctx.db
      .insertInto('webauthn_registrations')
      .values({
        id: 'webauthn-registration-test-search',
        project_id: ctx.dev.project_id,
        user_id: bob.user_id,
        credential_id: 'c2VhcmNo',
        public_key: 'a2V5',
        sign_count: 0,
        transports: JSON.stringify(['internal']),
        backup_eligible: true,
        backed_up: true,
        domain: 'localhost',
        user_agent: '',
        authenticator_type: 'platform',
        name: 'iCloud Keychain',
        aaguid: '',
        created_at: now,
        last_authenticated_at: null,
      })
      .execute();
    const both = [ada.user_id, bob.user_id];
    const one = (filter_name: string, filter_value: unknown) => query('AND', { filter_name, filter_value });

    expect(await idsOf(one('email_address', ['ADA@search.example']))).toEqual([ada.user_id]);
    expect(await idsOf(one('email_address_fuzzy', 'search.exam'))).toEqual(both);
    expect(await idsOf(one('phone_number', ['+14155550111']))).toEqual([ada.user_id]);
    expect(await idsOf(one('phone_number_fuzzy', '555011'))).toEqual([ada.user_id]);
    expect(await idsOf(one('status', 'pending'))).toEqual([bob.user_id]);
    expect(await idsOf(one('created_at_greater_than', midpoint))).toEqual([bob.user_id]);
    expect(await idsOf(one('created_at_less_than', midpoint))).toEqual([ada.user_id]);
    expect(
      await idsOf(one('created_at_between', { greater_than: '2000-01-01T00:00:00Z', less_than: midpoint })),
    ).toEqual([ada.user_id]);
    expect(await idsOf(one('trusted_metadata', { key: 'plan' }))).toEqual([ada.user_id]);
    expect(await idsOf(one('trusted_metadata', { key: 'tier', value: 2 }))).toEqual([ada.user_id]);
    expect(await idsOf(one('trusted_metadata', { key: 'tier', value: 3 }))).toEqual([]);
    expect(await idsOf(one('untrusted_metadata', { key: 'theme', value: 'dark' }))).toEqual([bob.user_id]);
    expect(await idsOf(one('crypto_wallet_address', ['0xabc0000000000000000000000000000000000042']))).toEqual(
      [bob.user_id],
    );
    expect(await idsOf(one('oauth_provider_subject', ['gh-4242']))).toEqual([ada.user_id]);
    expect(await idsOf(one('oauth_provider', ['github']))).toEqual([ada.user_id]);
    expect(await idsOf(one('full_name_fuzzy', 'ada love'))).toEqual([ada.user_id]);
    expect(await idsOf(one('user_id', [bob.user_id]))).toEqual([bob.user_id]);
    expect(await idsOf(one('password_exists', false))).toEqual(both);
    expect(await idsOf(one('email_verified', true))).toEqual([]);
    // The console's "signs in with a passkey" filter (a stored passkey is always verified).
    expect(await idsOf(one('webauthn_registration_verified', true))).toEqual([bob.user_id]);
    expect(await idsOf(one('webauthn_registration_verified', false))).toEqual([]);

    expect(
      await idsOf(
        query(
          'AND',
          { filter_name: 'email_address_fuzzy', filter_value: 'search' },
          { filter_name: 'status', filter_value: 'active' },
        ),
      ),
    ).toEqual([ada.user_id]);
    expect(
      await idsOf(
        query(
          'OR',
          { filter_name: 'email_address', filter_value: ['bob@search.example'] },
          { filter_name: 'phone_number', filter_value: ['+14155550111'] },
        ),
      ),
    ).toEqual(both);
    // Another project's users are never found.
    const other = await ctx.givenProject({});
    const theirs = await usersApi(
      ctx,
      'POST',
      '/v1/users/search',
      one('email_address', ['ada@search.example']),
      basic(other.project_id, other.secret),
    );
    expect(json(theirs).results).toEqual([]);
  });

  it('bad input → 400 naming the field: an unknown filter, a wrong value, a limit past 1000, a foreign cursor', async () => {
    for (const [body, field] of [
      [query('AND', { filter_name: 'favourite_colour', filter_value: 'blue' }), 'operands'],
      [query('AND', { filter_name: 'status', filter_value: 'deleted' }), 'operands'],
      [{ query: { operator: 'XOR', operands: [] } }, 'operator'],
      [{ limit: 1001 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ page: 2 }, 'page'],
      [{ order: 'newest' }, 'order'],
      [
        {
          order: 'created_at_desc',
          cursor: Buffer.from('["2026-01-01T00:00:00.000Z","u",9]').toString('base64url'),
        },
        'cursor',
      ],
    ] as const) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(field);
    }
  });
});

/**
 * A new project with seven users (`${prefix}-${n}@example.com`) made over three clock ticks, so
 * several share a creation time and the id must break the tie for the order to be total.
 */
async function givenSevenUsers(prefix: string) {
  const project = await ctx.givenProject({});
  const auth = basic(project.project_id, project.secret);
  const create = async (n: number) => {
    const response = await usersApi(ctx, 'POST', '/v1/users', { email: `${prefix}-${n}@example.com` }, auth);
    return json(response).user_id as string;
  };
  const initial: string[] = [];
  for (let n = 0; n < 7; n++) {
    initial.push(await create(n));
    if (n % 3 === 2) ctx.clock.advance(1_000);
  }
  return { auth, create, initial };
}

/**
 * Walks the search in pages of 3 (in `order` when given) while two users sign up between each of
 * the first two pages; every page answers 200 with the total of users made so far.
 */
async function walkWhileSigningUp(
  { auth, create }: Awaited<ReturnType<typeof givenSevenUsers>>,
  order?: string,
): Promise<{ seen: string[]; pages: number; created: number }> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let created = 7;
  do {
    const body = { limit: 3, cursor, ...(order ? { order } : {}) };
    const response = await usersApi(ctx, 'POST', '/v1/users/search', body, auth);
    expect(response.statusCode, response.body).toBe(200);
    const page = json(response);
    seen.push(...page.results.map((u: { user_id: string }) => u.user_id));
    expect(page.results_metadata.total).toBe(created);
    cursor = page.results_metadata.next_cursor;
    pages += 1;
    // Concurrent sign-ups between pages, two at a time (later than everyone, as the clock has it).
    if (pages <= 2) {
      ctx.clock.advance(1_000);
      await Promise.all([create(created), create(created + 1)]);
      created += 2;
    }
  } while (cursor !== null && pages < 10);
  return { seen, pages, created };
}

/** The creation time (ms) of each of `ids`, read from the table. */
async function creationTimes(ids: string[]): Promise<Map<string, number>> {
  const rows = await ctx.db.selectFrom('users').select(['id', 'created_at']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.created_at.getTime()]));
}

describe('POST /v1/users/search pages', () => {
  it('walks every user once, oldest first, with total and next_cursor; users created meanwhile neither repeat nor shift a page', async () => {
    const users = await givenSevenUsers('page');
    const { initial } = users;
    const { seen, created } = await walkWhileSigningUp(users);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, initial.length).sort()).toEqual([...initial].sort());
    expect(seen).toHaveLength(created);
    const created_at = await creationTimes(seen);
    const order = seen.map((id) => [created_at.get(id) as number, id] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));
  });

  it('walks newest first with order created_at_desc: users created meanwhile neither repeat nor shift a page', async () => {
    const users = await givenSevenUsers('newest');
    const { auth, initial } = users;
    const createdAt = await creationTimes(initial);
    // Newest first; the same creation time is broken by the id, descending too (the keyset's order).
    const expected = [...initial].sort(
      (a, b) => (createdAt.get(b) as number) - (createdAt.get(a) as number) || (a < b ? 1 : -1),
    );
    // Sign-ups between pages are newer than the walk's start: they belong before its first page.
    const { seen, pages } = await walkWhileSigningUp(users, 'created_at_desc');
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);

    // A fresh first page shows the newest, and a cursor keeps to the order it was made for.
    const first = json(
      await usersApi(ctx, 'POST', '/v1/users/search', { limit: 2, order: 'created_at_desc' }, auth),
    );
    expect(first.results.map((u: { emails: { email: string }[] }) => u.emails[0]?.email).sort()).toEqual([
      'newest-10@example.com',
      'newest-9@example.com',
    ]);
    const mixed = await usersApi(
      ctx,
      'POST',
      '/v1/users/search',
      { limit: 2, cursor: first.results_metadata.next_cursor },
      auth,
    );
    expect(mixed.statusCode).toBe(400);
    expect(json(mixed)).toMatchObject({
      error_type: 'invalid_request',
      error_message: expect.stringContaining('cursor: was returned for order created_at_desc'),
    });
  });

  it('an empty query returns every user; limit defaults to 100', async () => {
    const project = await ctx.givenProject({});
    const auth = basic(project.project_id, project.secret);
    await usersApi(ctx, 'POST', '/v1/users', { email: 'only@example.com' }, auth);
    const response = await usersApi(ctx, 'POST', '/v1/users/search', {}, auth);
    expect(json(response)).toMatchObject({
      status_code: 200,
      results: [{ emails: [{ email: 'only@example.com' }] }],
      results_metadata: { total: 1, next_cursor: null },
    });
  });
});
