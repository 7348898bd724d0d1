/**
 * Wire compatibility of GET /v1/sessions, POST /v1/sessions/revoke and session_custom_claims: the
 * hosted provider's official server SDK (`stytch` 14), pointed at this provider over loopback.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { browserSessionCheck } from '../../../test/server-api-calls.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

const browserCheck = (sessionToken: string) => browserSessionCheck(ctx, sessionToken);

describe('the official server SDK against /v1/sessions', () => {
  it('sessions.get lists the live sessions; sessions.revoke by id, token and JWT ends each', async () => {
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      sessions.push(await givenSignedInUser(ctx, 'sdk-sessions@example.com'));
      ctx.clock.advance(1_000);
    }
    const [a, b, c] = sessions as [(typeof sessions)[0], (typeof sessions)[0], (typeof sessions)[0]];
    const listed = await sdk().sessions.get({ user_id: a.user_id });
    expect(listed.status_code).toBe(200);
    expect(listed.sessions.map((s) => s.session_id)).toEqual([
      c.session.session_id,
      b.session.session_id,
      a.session.session_id,
    ]);
    expect(listed.sessions[0]?.attributes?.user_agent).toEqual(expect.any(String));
    expect(listed.sessions[0]?.authentication_factors[0]?.type).toBe('magic_link');

    await sdk().sessions.revoke({ session_id: a.session.session_id });
    await sdk().sessions.revoke({ session_token: b.session_token });
    await sdk().sessions.revoke({ session_jwt: c.session_jwt });
    for (const s of [a, b, c]) expect((await browserCheck(s.session_token)).statusCode).toBe(404);
    expect((await sdk().sessions.get({ user_id: a.user_id })).sessions).toEqual([]);
  });

  it('sessions.authenticate with session_custom_claims: the session and its JWT carry them', async () => {
    const signedIn = await givenSignedInUser(ctx, 'sdk-claims@example.com');
    const answer = await sdk().sessions.authenticate({
      session_token: signedIn.session_token,
      session_custom_claims: { role: 'editor' },
    });
    expect(answer.session.custom_claims).toEqual({ role: 'editor' });
    const payload = JSON.parse(
      Buffer.from(answer.session_jwt.split('.')[1] as string, 'base64url').toString(),
    );
    expect(payload.role).toBe('editor');
  });

  it("errors arrive as the SDK's StytchError with the wire error_type", async () => {
    await expect(
      sdk().sessions.get({ user_id: 'user-test-00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ status_code: 404, error_type: 'user_not_found' });
    await expect(sdk().sessions.get({ user_id: 'user-test-nope' })).rejects.toMatchObject({
      status_code: 400,
      error_type: 'invalid_user_id',
    });
    await expect(sdk().sessions.revoke({ session_id: 'session-test-nope' })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'session_not_found',
    });
  });
});
