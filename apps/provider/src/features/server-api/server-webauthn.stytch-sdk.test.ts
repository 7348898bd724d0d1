/**
 * Issue 20 "wire-compatible on the server side": the hosted provider's official server SDK
 * (`stytch` 14, a devDependency of these tests only), pointed at Latchkey by its base URL, registers
 * a passkey for a user, lists it, signs in with it and renames it, unchanged (a virtual authenticator answers).
 */
import { describe, expect, it } from 'vitest';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import { DEV_RP_ID, PAGE_ORIGIN } from '../../../test/webauthn-helpers.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official stytch server SDK against Latchkey: passkeys', () => {
  it('webauthn.registerStart, register, listCredentials, authenticateStart, authenticate and update', async () => {
    const { user_id } = await sdk().users.create({ email: 'sdk-passkey@example.com' });
    const authenticator = new VirtualAuthenticator();

    const started = await sdk().webauthn.registerStart({
      user_id,
      domain: DEV_RP_ID,
      return_passkey_credential_options: true,
      use_base64_url_encoding: true,
    });
    expect(started).toMatchObject({ status_code: 200, user_id });
    const credential = authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN);
    const registered = await sdk().webauthn.register({
      user_id,
      public_key_credential: JSON.stringify(credential),
      session_duration_minutes: 60,
    });
    expect(registered).toMatchObject({
      status_code: 200,
      user_id,
      webauthn_registration_id: expect.stringMatching(/^webauthn-registration-test-/),
      session: { user_id },
      user: { user_id, webauthn_registrations: [expect.objectContaining({ domain: DEV_RP_ID })] },
    });
    const checked = await sdk().sessions.authenticate({ session_token: registered.session_token });
    expect(checked.session.user_id).toBe(user_id);

    const listed = await sdk().webauthn.listCredentials({ user_id, domain: DEV_RP_ID });
    expect(listed).toMatchObject({
      status_code: 200,
      credentials: [
        {
          credential_id: credential.id,
          webauthn_registration_id: registered.webauthn_registration_id,
          type: 'public-key',
          public_key: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
        },
      ],
    });

    const request = await sdk().webauthn.authenticateStart({
      domain: DEV_RP_ID,
      user_id,
      return_passkey_credential_options: true,
      use_base64_url_encoding: true,
    });
    expect(request).toMatchObject({ status_code: 200, user_id });
    const signedIn = await sdk().webauthn.authenticate({
      public_key_credential: JSON.stringify(
        authenticator.get(request.public_key_credential_request_options, PAGE_ORIGIN),
      ),
      session_duration_minutes: 30,
      session_custom_claims: { tier: 'gold' },
    });
    expect(signedIn).toMatchObject({
      user_id,
      webauthn_registration_id: registered.webauthn_registration_id,
      session: { user_id, custom_claims: { tier: 'gold' } },
    });

    // The same assertion again: its challenge is used up.
    const discoverable = await sdk().webauthn.authenticateStart({
      domain: DEV_RP_ID,
      use_base64_url_encoding: true,
    });
    const assertion = JSON.stringify(
      authenticator.get(discoverable.public_key_credential_request_options, PAGE_ORIGIN),
    );
    const plain = await sdk().webauthn.authenticate({ public_key_credential: assertion });
    expect(plain).toMatchObject({ user_id, session_token: '', session_jwt: '' });
    await expect(sdk().webauthn.authenticate({ public_key_credential: assertion })).rejects.toMatchObject({
      status_code: 401,
      error_type: 'webauthn_verification_failed',
    });

    const renamed = await sdk().webauthn.update({
      webauthn_registration_id: registered.webauthn_registration_id,
      name: 'Office key',
    });
    expect(renamed.webauthn_registration).toMatchObject({
      webauthn_registration_id: registered.webauthn_registration_id,
      name: 'Office key',
    });
    await expect(sdk().webauthn.registerStart({ user_id, domain: 'evil.example' })).rejects.toMatchObject({
      status_code: 400,
      error_type: 'invalid_request',
    });
  });

  it('webauthn.registerStart with override_id: the passkey carries that user handle and signs its user in', async () => {
    const { user_id } = await sdk().users.create({ email: 'sdk-passkey-handle@example.com' });
    const other = await sdk().users.create({ email: 'sdk-passkey-handle-other@example.com' });
    const authenticator = new VirtualAuthenticator();
    const started = await sdk().webauthn.registerStart({
      user_id,
      domain: DEV_RP_ID,
      override_id: 'crm-contact-5521',
      use_base64_url_encoding: true,
    });
    const options = JSON.parse(started.public_key_credential_creation_options);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe('crm-contact-5521');
    const credential = authenticator.create(started.public_key_credential_creation_options, PAGE_ORIGIN);
    await sdk().webauthn.register({ user_id, public_key_credential: JSON.stringify(credential) });

    const discoverable = await sdk().webauthn.authenticateStart({
      domain: DEV_RP_ID,
      use_base64_url_encoding: true,
    });
    const signedIn = await sdk().webauthn.authenticate({
      public_key_credential: JSON.stringify(
        authenticator.get(discoverable.public_key_credential_request_options, PAGE_ORIGIN),
      ),
      session_duration_minutes: 30,
    });
    expect(signedIn).toMatchObject({ user_id, session: { user_id } });
    await expect(
      sdk().webauthn.registerStart({
        user_id: other.user_id,
        domain: DEV_RP_ID,
        override_id: 'crm-contact-5521',
      }),
    ).rejects.toMatchObject({ status_code: 409, error_type: 'webauthn_user_handle_in_use' });
  });
});
