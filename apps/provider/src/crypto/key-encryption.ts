/** @module key-encryption — seals signing private keys at rest with AES-256-GCM when a secret is configured. */
import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import type { Random } from '../random.js';

const INFO = 'latchkey signing-key encryption v1';

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
}

/** Encrypts `plaintext`; the result is `v1.{iv}.{tag}.{ciphertext}` in base64url. */
export function sealSecret(plaintext: string, secret: string, random: Random): string {
  const iv = Buffer.from(random.bytes(12));
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Reverses sealSecret; throws when the secret is wrong or the data was altered. */
export function openSecret(sealed: string, secret: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
    throw new Error('unknown sealed-secret format');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
