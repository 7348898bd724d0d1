/** Strict DER for ECDSA assertion signatures. */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { expect, it } from 'vitest';
import { isDerEcdsaSignature } from './signature-encoding.js';

it.each(['P-256', 'P-384', 'P-521'])('accepts every signature Node/OpenSSL makes on %s', (namedCurve) => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve });
  for (let i = 0; i < 300; i += 1) {
    expect(isDerEcdsaSignature(sign('sha256', randomBytes(32), privateKey))).toBe(true);
  }
});

it('refuses other tag classes, wrong lengths, trailing bytes and non-minimal integers', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signature = sign('sha256', Buffer.from('data'), privateKey);
  const mutate = (at: number, value: number) => {
    const copy = Buffer.from(signature);
    copy[at] = value;
    return copy;
  };
  expect(isDerEcdsaSignature(mutate(0, 0xb0))).toBe(false);
  expect(isDerEcdsaSignature(mutate(0, 0xa0))).toBe(false);
  expect(isDerEcdsaSignature(mutate(1, (signature[1] ?? 0) + 1))).toBe(false);
  expect(isDerEcdsaSignature(mutate(1, (signature[1] ?? 0) - 1))).toBe(false);
  expect(isDerEcdsaSignature(Buffer.concat([signature, Buffer.from([0])]))).toBe(false);
  expect(isDerEcdsaSignature(signature.subarray(0, signature.length - 1))).toBe(false);
  expect(isDerEcdsaSignature(new Uint8Array())).toBe(false);
  // r = 1 encoded with a needless leading zero; r negative; a long-form length that fits the short form.
  expect(isDerEcdsaSignature(Buffer.from([0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01]))).toBe(
    false,
  );
  expect(isDerEcdsaSignature(Buffer.from([0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01]))).toBe(false);
  expect(isDerEcdsaSignature(Buffer.from([0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]))).toBe(
    false,
  );
  expect(isDerEcdsaSignature(Buffer.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]))).toBe(true);
});
