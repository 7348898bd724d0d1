/**
 * Issue 20: the server API's redemptions answer the same user object as `GET /v1/users/{id}` —
 * with the hosted provider's server-only fields (`external_id`, `roles`, the lock state) —
 * not the browser API's User, so a server SDK reads one shape wherever it meets a user.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { usersApi } from '../../../test/user-management-calls.js';

const ctx = useTestContext();

const SERVER_FIELDS = {
  roles: ['billing'],
  is_locked: false,
  lock_created_at: null,
  lock_expires_at: null,
};

/** A signed-in user with an external id (`crm-` and the address's local part) and a role. */
async function givenUserWithServerFields(email: string) {
  const signedIn = await givenSignedInUser(ctx, email);
  const updated = await usersApi(ctx, 'PUT', `/v1/users/${signedIn.user_id}`, {
    external_id: externalIdOf(email),
    roles: SERVER_FIELDS.roles,
  });
  expect(updated.statusCode).toBe(200);
  const fetched = json(await usersApi(ctx, 'GET', `/v1/users/${signedIn.user_id}`));
  return { signedIn, fetched };
}

const externalIdOf = (email: string) => `crm-${email.split('@')[0]}`;

describe('the user in the server API’s sign-in answers', () => {
  it('POST /v1/sessions/authenticate answers the server user object', async () => {
    const { signedIn, fetched } = await givenUserWithServerFields('server-object-session@example.com');
    const response = await postServerApi(ctx, '/v1/sessions/authenticate', devProjectAuthorization(ctx), {
      session_token: signedIn.session_token,
    });
    expect(response.statusCode).toBe(200);
    const { user } = json(response);
    expect(user).toMatchObject({ ...SERVER_FIELDS, external_id: externalIdOf(fetched.emails[0].email) });
    expect(Object.keys(user).sort()).toEqual(
      Object.keys(fetched)
        .filter((key) => key !== 'status_code' && key !== 'request_id')
        .sort(),
    );
  });

  it('POST /v1/magic_links/authenticate answers the server user object', async () => {
    const email = 'server-object-link@example.com';
    await givenUserWithServerFields(email);
    expect((await requestMagicLink(ctx, email)).statusCode).toBe(200);
    const response = await postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), {
      token: await latestToken(ctx, email),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).user).toMatchObject({
      ...SERVER_FIELDS,
      external_id: externalIdOf(email),
      emails: [{ email }],
    });
  });
});
