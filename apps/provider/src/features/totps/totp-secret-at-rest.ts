/** @module totp-secret-at-rest — TOTP secrets are sealed (AES-256-GCM) when LATCHKEY_KEY_ENCRYPTION_SECRET is set, like OAuth client secrets. */
import { openSecret, sealSecret } from '../../crypto/key-encryption.js';
import type { Random } from '../../random.js';
import type { TotpRow, TotpsTable } from './totps.table.js';

/** The stored form of a secret. */
export function sealTotpSecret(
  secret: string,
  keyEncryptionSecret: string | undefined,
  random: Random,
): Pick<TotpsTable, 'secret' | 'secret_encryption'> {
  return keyEncryptionSecret
    ? { secret: sealSecret(secret, keyEncryptionSecret, random), secret_encryption: 'aes-256-gcm' }
    : { secret, secret_encryption: 'none' };
}

/**
 * The base32 secret of a stored TOTP. A sealed row without the key is an operator error (the
 * deployment lost LATCHKEY_KEY_ENCRYPTION_SECRET) and throws, as signing keys do.
 */
export function openTotpSecret(row: TotpRow, keyEncryptionSecret: string | undefined): string {
  if (row.secret_encryption === 'none') return row.secret;
  if (!keyEncryptionSecret)
    throw new Error(`TOTP ${row.id} is sealed but LATCHKEY_KEY_ENCRYPTION_SECRET is not set`);
  return openSecret(row.secret, keyEncryptionSecret);
}
