/**
 * Issue 20 "wire-compatible on the server side": the hosted provider's official server SDK
 * (`stytch` 14, a devDependency of these tests only) pointed at Latchkey by its base URL creates,
 * gets, searches, updates and deletes a user, and removes a factor, unchanged.
 */
import type { AddressInfo } from 'node:net';
import * as stytch from 'stytch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
let client: stytch.Client;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  // `env` is how the SDK takes a plain-http base URL (its custom_base_url insists on https).
  const warn = console.warn;
  console.warn = () => {};
  try {
    client = new stytch.Client({
      project_id: ctx.dev.project_id,
      secret: ctx.dev.secret,
      env: `http://127.0.0.1:${port}/`,
    });
  } finally {
    console.warn = warn;
  }
});
afterAll(async () => {
  await ctx.app.close();
});

describe('the official stytch server SDK against Latchkey', () => {
  it('creates, gets, searches, updates, removes a factor and deletes a user', async () => {
    const created = await client.users.create({
      email: 'sdk@example.com',
      phone_number: '+14155550155',
      name: { first_name: 'Sdk' },
      trusted_metadata: { plan: 'pro' },
      create_user_as_pending: true,
    });
    expect(created).toMatchObject({
      status_code: 200,
      status: 'pending',
      user: { trusted_metadata: { plan: 'pro' } },
    });

    const got = await client.users.get({ user_id: created.user_id });
    expect(got).toMatchObject({ user_id: created.user_id, emails: [{ email: 'sdk@example.com' }] });

    const found = await client.users.search({
      limit: 10,
      query: {
        operator: 'AND',
        operands: [{ filter_name: 'email_address', filter_value: ['sdk@example.com'] }],
      },
    });
    expect(found.results.map((u) => u.user_id)).toEqual([created.user_id]);
    expect(found.results_metadata.total).toBe(1);
    const pages: string[][] = [];
    for await (const page of client.users.searchAll({ limit: 1 })) pages.push(page.map((u) => u.user_id));
    expect(pages.flat()).toContain(created.user_id);

    const updated = await client.users.update({
      user_id: created.user_id,
      name: { last_name: 'Kit' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(updated.user).toMatchObject({
      name: { first_name: 'Sdk', last_name: 'Kit' },
      untrusted_metadata: { theme: 'dark' },
    });

    const removed = await client.users.deletePhoneNumber({ phone_id: created.phone_id });
    expect(removed).toMatchObject({ user_id: created.user_id, user: { phone_numbers: [] } });

    const deleted = await client.users.delete({ user_id: created.user_id });
    expect(deleted).toMatchObject({ status_code: 200, user_id: created.user_id });
    await expect(client.users.get({ user_id: created.user_id })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'user_not_found',
    });
  });
});
