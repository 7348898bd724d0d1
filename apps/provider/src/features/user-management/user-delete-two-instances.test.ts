/**
 * Issue 20 + issue 18: a user deleted through instance A is refused at once by instance B, whose
 * session check (and session JWT exchange) had just answered from its cache. On PostgreSQL the
 * two instances have their own pools and listening connections, as two processes would.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { devProjectAuthorization } from '../../../test/server-api-calls.js';
import { sdkHeaders, statusAndErrorType, type TestContext } from '../../../test/test-app.js';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { usersApi } from '../../../test/user-management-calls.js';

const { ctx, second: b } = useTwoInstances();

const checkOn = (app: TestContext['app'], sessionToken: string) =>
  app.inject({
    method: 'POST',
    url: '/sdk/v1/sessions/authenticate',
    headers: sdkHeaders(ctx.dev.public_token, sessionToken),
    payload: {},
  });

const serverCheckOn = (app: TestContext['app'], payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/v1/sessions/authenticate',
    headers: { authorization: devProjectAuthorization(ctx), 'content-type': 'application/json' },
    payload,
  });

describe('DELETE /v1/users/{user_id} on instance A', () => {
  it("refuses the user's session token and JWT on instance B at once, though B had them cached", async () => {
    const signedIn = await givenSignedInUser(ctx, 'two-instances@example.com');
    for (let i = 0; i < 2; i++) {
      expect((await checkOn(b.app, signedIn.session_token)).statusCode).toBe(200);
      expect((await serverCheckOn(b.app, { session_jwt: signedIn.session_jwt })).statusCode).toBe(200);
    }
    expect((await usersApi(ctx, 'DELETE', `/v1/users/${signedIn.user_id}`)).statusCode).toBe(200);
    for (const response of [
      await checkOn(b.app, signedIn.session_token),
      await serverCheckOn(b.app, { session_token: signedIn.session_token }),
      await serverCheckOn(b.app, { session_jwt: signedIn.session_jwt }),
    ]) {
      expect(statusAndErrorType(response)).toEqual([404, 'session_not_found']);
    }
  });
});
