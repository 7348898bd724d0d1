/** @module signing-keys.table — the session-JWT signing keys, private halves encrypted when configured. */
import type { Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';

/** How `private_key` is stored. */
export type PrivateKeyEncryption = 'aes-256-gcm' | 'none';

/** Columns of `signing_keys`. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: JsonColumn<Record<string, unknown>>;
  /** PKCS#8 PEM, or its AES-256-GCM sealed form (see crypto/key-encryption.ts). */
  private_key: string;
  private_key_encryption: PrivateKeyEncryption;
  created_at: Date;
  /** The key signs from this moment until activates_at + the rotation period. */
  activates_at: Date;
}

export type SigningKeyRow = Selectable<SigningKeysTable>;
export type NewSigningKeyRow = Insertable<SigningKeysTable>;
