/**
 * Wire compatibility of the server API's TOTP calls: the hosted provider's official server SDK
 * (`stytch` 14), pointed at this provider over loopback, creates an authenticator app, confirms
 * it, issues recovery codes and recovers with one, as an integrator's back end would.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { currentCode, nextStep } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official server SDK against the TOTP calls', () => {
  it('totps.create, totps.authenticate, totps.recoveryCodes and totps.recover', async () => {
    const signedIn = await givenSignedInUser(ctx, 'sdk-totp@example.com');
    const created = await sdk().totps.create({ user_id: signedIn.user_id, expiration_minutes: 10 });
    expect(created).toMatchObject({ status_code: 200, user_id: signedIn.user_id });
    expect(created.recovery_codes).toHaveLength(10);
    expect(created.user.user_id).toBe(signedIn.user_id);

    const confirmed = await sdk().totps.authenticate({
      user_id: signedIn.user_id,
      totp_code: currentCode(ctx, created.secret),
      session_token: signedIn.session_token,
      session_custom_claims: { plan: 'gold' },
    });
    expect(confirmed.totp_id).toBe(created.totp_id);
    expect(confirmed.session?.session_id).toBe(signedIn.session.session_id);
    expect(confirmed.session?.custom_claims).toEqual({ plan: 'gold' });
    expect(confirmed.user.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);

    nextStep(ctx);
    const codes = await sdk().totps.recoveryCodes({ user_id: signedIn.user_id });
    expect(codes.totps).toEqual([
      { totp_id: created.totp_id, verified: true, recovery_codes: expect.any(Array) },
    ]);
    const code = codes.totps[0]?.recovery_codes[0] as string;
    const recovered = await sdk().totps.recover({
      user_id: signedIn.user_id,
      recovery_code: code,
      session_jwt: confirmed.session_jwt,
    });
    expect(recovered.totp_id).toBe(created.totp_id);

    await expect(
      sdk().totps.recover({
        user_id: signedIn.user_id,
        recovery_code: code,
        session_token: signedIn.session_token,
      }),
    ).rejects.toMatchObject({ status_code: 401, error_type: 'invalid_recovery_code' });
    await expect(sdk().totps.create({ user_id: signedIn.user_id })).rejects.toMatchObject({
      status_code: 409,
      error_type: 'totp_already_exists',
    });
  });
});
