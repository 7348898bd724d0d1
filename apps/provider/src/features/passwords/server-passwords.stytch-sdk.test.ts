/**
 * Issue 20 "wire-compatible on the server side": the hosted provider's official server SDK
 * (`stytch` 14, a devDependency of these tests only), pointed at Latchkey by its base URL, creates a
 * password user, authenticates it, checks a password's strength and imports a bcrypt hash, unchanged.
 */
import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { describe, expect, it } from 'vitest';
import { useOfficialServerSdk } from '../../../test/official-server-sdk.js';
import { STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const sdk = useOfficialServerSdk(ctx);

describe('the official stytch server SDK against Latchkey: passwords', () => {
  it('creates a password user, authenticates it with and without a session, and checks a strength', async () => {
    const created = await sdk().passwords.create({
      email: 'sdk-password@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
      name: { first_name: 'Sdk' },
    });
    expect(created).toMatchObject({
      status_code: 200,
      email_id: expect.stringMatching(/^email-test-/),
      user: { name: { first_name: 'Sdk' }, is_locked: false, roles: [] },
      session: { user_id: created.user_id },
    });
    const checked = await sdk().sessions.authenticate({ session_token: created.session_token });
    expect(checked.session.user_id).toBe(created.user_id);

    const plain = await sdk().passwords.authenticate({
      email: 'sdk-password@example.com',
      password: STRONG_PASSWORD,
    });
    expect(plain).toMatchObject({ user_id: created.user_id, session_token: '' });
    await expect(
      sdk().passwords.authenticate({
        email: 'sdk-password@example.com',
        password: 'wrong-but-long-password-1',
      }),
    ).rejects.toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
    await expect(
      sdk().passwords.create({ email: 'sdk-password@example.com', password: STRONG_PASSWORD }),
    ).rejects.toMatchObject({ status_code: 400, error_type: 'duplicate_email' });

    const strength = await sdk().passwords.strengthCheck({ password: 'password1' });
    expect(strength).toMatchObject({ valid_password: false, breached_password: expect.any(Boolean) });
  });

  it('migrates a bcrypt hash with an external id; the user then signs in with the password', async () => {
    const migrated = await sdk().passwords.migrate({
      email: 'sdk-migrated@example.com',
      hash: await bcryptHash(STRONG_PASSWORD, 4),
      hash_type: 'bcrypt',
      external_id: 'legacy-42',
      set_email_verified: true,
    });
    expect(migrated).toMatchObject({
      user_created: true,
      user: { external_id: 'legacy-42', emails: [{ email: 'sdk-migrated@example.com', verified: true }] },
    });
    const session = await sdk().passwords.authenticate({
      email: 'sdk-migrated@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 30,
    });
    expect(session.session?.user_id).toBe(migrated.user_id);
    // The external id works wherever a user id does.
    const got = await sdk().users.get({ user_id: 'legacy-42' });
    expect(got.user_id).toBe(migrated.user_id);
  });

  it('migrates PBKDF2 and salted SHA-512 hashes with the SDK’s own config types', async () => {
    const salt = randomBytes(16);
    const pbkdf2 = await sdk().passwords.migrate({
      email: 'sdk-pbkdf2@example.com',
      hash: pbkdf2Sync(STRONG_PASSWORD, salt, 1000, 32, 'sha256').toString('base64'),
      hash_type: 'pbkdf_2',
      pbkdf_2_config: {
        salt: salt.toString('base64'),
        iteration_amount: 1000,
        key_length: 32,
        algorithm: 'sha256',
      },
    });
    const sha512 = await sdk().passwords.migrate({
      email: 'sdk-sha512@example.com',
      hash: createHash('sha512').update(`pepper${STRONG_PASSWORD}`).digest('hex'),
      hash_type: 'sha_512',
      sha_512_config: { prepend_salt: 'pepper', append_salt: '' },
    });
    for (const [migrated, email] of [
      [pbkdf2, 'sdk-pbkdf2@example.com'],
      [sha512, 'sdk-sha512@example.com'],
    ] as const) {
      const signedIn = await sdk().passwords.authenticate({ email, password: STRONG_PASSWORD });
      expect(signedIn.user_id).toBe(migrated.user_id);
    }
  });
});
