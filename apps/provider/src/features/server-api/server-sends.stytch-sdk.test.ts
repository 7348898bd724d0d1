/**
 * Wire compatibility of the server API's magic-link and passcode calls: the hosted provider's
 * official server SDK (`stytch` 14), pointed at this provider over loopback, sends links and codes
 * and redeems them.
 */
import type { AddressInfo } from 'node:net';
import * as stytch from 'stytch';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestToken } from '../../../test/magic-link-helpers.js';
import { latestCode } from '../../../test/otp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
let client: stytch.Client;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as AddressInfo;
  // `env` is how the SDK takes a non-https base URL (wire/server-api.md).
  client = new stytch.Client({
    project_id: ctx.dev.project_id,
    secret: ctx.dev.secret,
    env: `http://127.0.0.1:${port}/`,
  });
});

describe('the official server SDK against the magic-link calls', () => {
  it('magicLinks.email.loginOrCreate, then send, each redeemed by magicLinks.authenticate', async () => {
    const email = 'sdk-links@example.com';
    const created = await client.magicLinks.email.loginOrCreate({
      email,
      signup_magic_link_url: 'http://localhost:3000/welcome',
      attributes: { ip_address: '203.0.113.9', user_agent: 'SDK test' },
    });
    expect(created).toMatchObject({ status_code: 200, user_created: true, user_id: expect.any(String) });
    const signedUp = await client.magicLinks.authenticate({ token: await latestToken(ctx, email) });
    expect(signedUp.user_id).toBe(created.user_id);
    expect(signedUp.method_id).toBe(created.email_id);

    const sent = await client.magicLinks.email.send({ email });
    expect(sent).toMatchObject({ user_id: created.user_id, email_id: created.email_id });
    const loggedIn = await client.magicLinks.authenticate({
      token: await latestToken(ctx, email),
      session_duration_minutes: 60,
    });
    expect(loggedIn.session?.attributes).toBeDefined();
    expect(loggedIn.user.emails[0]?.verified).toBe(true);
  });

  it('magicLinks.email.invite and revokeInvite; errors arrive as StytchError with the wire error_type', async () => {
    const invited = await client.magicLinks.email.invite({
      email: 'sdk-invitee@example.com',
      name: { first_name: 'Grace' },
    });
    expect((await client.users.get({ user_id: invited.user_id })).status).toBe('pending');
    const token = await latestToken(ctx, 'sdk-invitee@example.com');
    await client.magicLinks.email.revokeInvite({ email: 'sdk-invitee@example.com' });
    await expect(client.magicLinks.authenticate({ token })).rejects.toMatchObject({
      status_code: 401,
      error_type: 'unable_to_auth_magic_link',
    });
    await expect(client.magicLinks.email.send({ email: 'sdk-nobody@example.com' })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'email_not_found',
    });
  });
});

describe('the official server SDK against the passcode calls', () => {
  it('otps.email.loginOrCreate and otps.sms.send, each redeemed by otps.authenticate', async () => {
    const created = await client.otps.email.loginOrCreate({
      email: 'sdk-otp@example.com',
      expiration_minutes: 5,
    });
    expect(created).toMatchObject({ status_code: 200, user_created: true });
    const byEmail = await client.otps.authenticate({
      method_id: created.email_id,
      code: await latestCode(ctx, 'sdk-otp@example.com'),
      session_custom_claims: { team: 'blue' },
    });
    expect(byEmail.user_id).toBe(created.user_id);
    expect(byEmail.session?.custom_claims).toEqual({ team: 'blue' });

    // Add a phone number to the signed-in user, then sign in with it.
    const added = await client.otps.sms.send({
      phone_number: '+14155550170',
      session_token: byEmail.session_token,
    });
    const stepUp = await client.otps.authenticate({
      method_id: added.phone_id,
      code: await latestCode(ctx, '+14155550170'),
      session_token: byEmail.session_token,
    });
    expect(stepUp.user.phone_numbers[0]?.phone_number).toBe('+14155550170');
    const whatsapp = await client.otps.whatsapp.loginOrCreate({ phone_number: '+14155550170' });
    expect(whatsapp).toMatchObject({
      user_id: created.user_id,
      phone_id: added.phone_id,
      user_created: false,
    });

    await expect(
      client.otps.authenticate({ method_id: whatsapp.phone_id, code: '000000' }),
    ).rejects.toMatchObject({ status_code: 401, error_type: 'unable_to_auth_otp_code' });
  });
});
