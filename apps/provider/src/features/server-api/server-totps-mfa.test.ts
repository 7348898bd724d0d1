/**
 * Server-facing POST /v1/totps/authenticate and /v1/totps/recover completing a sign-in that
 * awaits its second factor (`intermediate_session_token`, Latchkey's), under the same IST lock
 * and counters as the browser's.
 */
import { describe, expect, it } from 'vitest';
import { WRONG_RECOVERY_CODE, wrongTotpCode } from '../../../test/second-factor-lock-helpers.js';
import { devProjectAuthorization, expectLiveSession, postServerApi } from '../../../test/server-api-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { currentCode, givenIst, givenMfaUser, istRow, mfaSnapshot } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { MAX_SECOND_FACTOR_FAILURES } from '../mfa/mfa-policy.js';

const ctx = useTestContext({ devProject: { mfaRequired: true } });

const call = (path: string, payload: Record<string, unknown>) =>
  postServerApi(ctx, path, devProjectAuthorization(ctx), payload);

describe('a sign-in awaiting its second factor, completed by the server', () => {
  it('a TOTP code with the IST makes the session (password + totp); the IST is used up', async () => {
    const user = await givenMfaUser(ctx, 'server-mfa@example.com');
    const ist = await givenIst(ctx, user.email);
    const response = await call('/v1/totps/authenticate', {
      user_id: user.user_id,
      totp_code: currentCode(ctx, user.secret),
      intermediate_session_token: ist,
      session_duration_minutes: 60,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ user_id: user.user_id, totp_id: user.totp_id });
    expect(body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'password',
      'totp',
    ]);
    await expectLiveSession(ctx, body);
    const again = await call('/v1/totps/recover', {
      user_id: user.user_id,
      recovery_code: user.recovery_codes[0],
      intermediate_session_token: ist,
    });
    expect(statusAndErrorType(again)).toEqual([401, 'intermediate_session_not_found']);
  });

  it('wrong codes count on the IST as in the browser: the fifth ends it (429); another user’s IST → 400', async () => {
    const user = await givenMfaUser(ctx, 'server-mfa-wrong@example.com');
    const other = await givenMfaUser(ctx, 'server-mfa-other@example.com');
    const ist = await givenIst(ctx, user.email);
    const before = await mfaSnapshot(ctx);
    const foreign = await call('/v1/totps/authenticate', {
      user_id: other.user_id,
      totp_code: currentCode(ctx, other.secret),
      intermediate_session_token: ist,
    });
    expect(statusAndErrorType(foreign)).toEqual([400, 'invalid_request']);
    expect(foreign.body).toContain('user_id');
    expect(await mfaSnapshot(ctx)).toEqual(before);
    expect((await istRow(ctx, ist)).failed_attempts).toBe(0);

    const answers = [];
    for (let i = 0; i < MAX_SECOND_FACTOR_FAILURES; i += 1) {
      answers.push(
        statusAndErrorType(
          i % 2 === 0
            ? await call('/v1/totps/authenticate', {
                user_id: user.user_id,
                totp_code: wrongTotpCode(user.secret, ctx.clock.now()),
                intermediate_session_token: ist,
              })
            : await call('/v1/totps/recover', {
                user_id: user.user_id,
                recovery_code: WRONG_RECOVERY_CODE,
                intermediate_session_token: ist,
              }),
        ),
      );
    }
    expect(answers).toEqual([
      [401, 'invalid_totp_code'],
      [401, 'invalid_recovery_code'],
      [401, 'invalid_totp_code'],
      [401, 'invalid_recovery_code'],
      [429, 'too_many_requests'],
    ]);
    const right = await call('/v1/totps/authenticate', {
      user_id: user.user_id,
      totp_code: currentCode(ctx, user.secret),
      intermediate_session_token: ist,
    });
    expect(statusAndErrorType(right)).toEqual([401, 'intermediate_session_not_found']);
  });
});
