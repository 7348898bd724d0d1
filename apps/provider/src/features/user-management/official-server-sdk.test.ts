/**
 * Issue 20 "wire-compatible on the server side": the hosted provider's official server SDK
 * (`stytch` 14, a devDependency of these tests only) pointed at Latchkey by its base URL creates,
 * gets, searches, updates and deletes a user, and removes a factor, unchanged.
 */
import { describe, expect, it } from 'vitest';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official stytch server SDK against Latchkey', () => {
  it('creates, gets, searches, updates, removes a factor and deletes a user', async () => {
    const created = await sdk().users.create({
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

    const got = await sdk().users.get({ user_id: created.user_id });
    expect(got).toMatchObject({ user_id: created.user_id, emails: [{ email: 'sdk@example.com' }] });

    const found = await sdk().users.search({
      limit: 10,
      query: {
        operator: 'AND',
        operands: [{ filter_name: 'email_address', filter_value: ['sdk@example.com'] }],
      },
    });
    expect(found.results.map((u) => u.user_id)).toEqual([created.user_id]);
    expect(found.results_metadata.total).toBe(1);
    const pages: string[][] = [];
    for await (const page of sdk().users.searchAll({ limit: 1 })) pages.push(page.map((u) => u.user_id));
    expect(pages.flat()).toContain(created.user_id);

    const updated = await sdk().users.update({
      user_id: created.user_id,
      name: { last_name: 'Kit' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(updated.user).toMatchObject({
      name: { first_name: 'Sdk', last_name: 'Kit' },
      untrusted_metadata: { theme: 'dark' },
    });

    const removed = await sdk().users.deletePhoneNumber({ phone_id: created.phone_id });
    expect(removed).toMatchObject({ user_id: created.user_id, user: { phone_numbers: [] } });

    const deleted = await sdk().users.delete({ user_id: created.user_id });
    expect(deleted).toMatchObject({ status_code: 200, user_id: created.user_id });
    await expect(sdk().users.get({ user_id: created.user_id })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'user_not_found',
    });
  });
});
