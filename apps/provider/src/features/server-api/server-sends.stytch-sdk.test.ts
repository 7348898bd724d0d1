/**
 * Wire compatibility of the server API's magic-link and passcode calls: the hosted provider's
 * official server SDK (`stytch` 14), pointed at this provider over loopback, sends links and codes
 * and redeems them.
 */
import { describe, expect, it } from 'vitest';
import { latestToken } from '../../../test/magic-link-helpers.js';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { latestCode } from '../../../test/otp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official server SDK against the magic-link calls', () => {
  it('magicLinks.email.loginOrCreate, then send, each redeemed by magicLinks.authenticate', async () => {
    const email = 'sdk-links@example.com';
    const created = await sdk().magicLinks.email.loginOrCreate({
      email,
      signup_magic_link_url: 'http://localhost:3000/welcome',
      attributes: { ip_address: '203.0.113.9', user_agent: 'SDK test' },
    });
    expect(created).toMatchObject({ status_code: 200, user_created: true, user_id: expect.any(String) });
    const signedUp = await sdk().magicLinks.authenticate({ token: await latestToken(ctx, email) });
    expect(signedUp.user_id).toBe(created.user_id);
    expect(signedUp.method_id).toBe(created.email_id);

    const sent = await sdk().magicLinks.email.send({ email });
    expect(sent).toMatchObject({ user_id: created.user_id, email_id: created.email_id });
    const loggedIn = await sdk().magicLinks.authenticate({
      token: await latestToken(ctx, email),
      session_duration_minutes: 60,
    });
    expect(loggedIn.session?.attributes).toBeDefined();
    expect(loggedIn.user.emails[0]?.verified).toBe(true);
  });

  it('magicLinks.email.invite and revokeInvite; errors arrive as StytchError with the wire error_type', async () => {
    const invited = await sdk().magicLinks.email.invite({
      email: 'sdk-invitee@example.com',
      name: { first_name: 'Grace' },
    });
    expect((await sdk().users.get({ user_id: invited.user_id })).status).toBe('pending');
    const token = await latestToken(ctx, 'sdk-invitee@example.com');
    await sdk().magicLinks.email.revokeInvite({ email: 'sdk-invitee@example.com' });
    await expect(sdk().magicLinks.authenticate({ token })).rejects.toMatchObject({
      status_code: 401,
      error_type: 'unable_to_auth_magic_link',
    });
    await expect(sdk().magicLinks.email.send({ email: 'sdk-nobody@example.com' })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'email_not_found',
    });
  });
});

describe('the official server SDK against the passcode calls', () => {
  it('otps.email.loginOrCreate and otps.sms.send, each redeemed by otps.authenticate', async () => {
    const created = await sdk().otps.email.loginOrCreate({
      email: 'sdk-otp@example.com',
      expiration_minutes: 5,
    });
    expect(created).toMatchObject({ status_code: 200, user_created: true });
    const byEmail = await sdk().otps.authenticate({
      method_id: created.email_id,
      code: await latestCode(ctx, 'sdk-otp@example.com'),
      session_custom_claims: { team: 'blue' },
    });
    expect(byEmail.user_id).toBe(created.user_id);
    expect(byEmail.session?.custom_claims).toEqual({ team: 'blue' });

    // Add a phone number to the signed-in user, then sign in with it.
    const added = await sdk().otps.sms.send({
      phone_number: '+14155550170',
      session_token: byEmail.session_token,
    });
    const stepUp = await sdk().otps.authenticate({
      method_id: added.phone_id,
      code: await latestCode(ctx, '+14155550170'),
      session_token: byEmail.session_token,
    });
    expect(stepUp.user.phone_numbers[0]?.phone_number).toBe('+14155550170');
    const whatsapp = await sdk().otps.whatsapp.loginOrCreate({ phone_number: '+14155550170' });
    expect(whatsapp).toMatchObject({
      user_id: created.user_id,
      phone_id: added.phone_id,
      user_created: false,
    });

    await expect(
      sdk().otps.authenticate({ method_id: whatsapp.phone_id, code: '000000' }),
    ).rejects.toMatchObject({ status_code: 401, error_type: 'unable_to_auth_otp_code' });
  });
});
