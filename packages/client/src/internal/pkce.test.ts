import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { fixedRandom, PUBLIC_TOKEN } from '../testing/fakes.js';
import { createMemoryStorage } from './memory-storage.js';
import { computeCodeChallenge, createCodeVerifier, PkceStore } from './pkce.js';

const subtle = webcrypto.subtle as SubtleCrypto;
const realRandom = (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) =>
  webcrypto.getRandomValues(array);

function sequenceRandom(values: number[]) {
  return (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) => {
    (array as Uint32Array).set(values);
    return array;
  };
}

function setup(random = realRandom) {
  const storage = createMemoryStorage();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const store = new PkceStore({ publicToken: PUBLIC_TOKEN, storage, random, subtle, logger });
  const key = (ns: string) => `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:${ns}`;
  return { storage, logger, store, key };
}

describe('code verifier', () => {
  it('is 16 random uint32 values as unpadded lowercase hex, concatenated', () => {
    const values = [0, 1, 0xf, 0x10, 0xabc, 0xffffffff, 0x12345678, 0x80000000, 7, 8, 9, 10, 11, 12, 13, 14];
    expect(createCodeVerifier(sequenceRandom(values))).toBe(values.map((v) => v.toString(16)).join(''));
    expect(createCodeVerifier(sequenceRandom(values))).toBe('01f10abcffffffff1234567880000000789abcde');
  });

  it('has 16 to 128 characters from [0-9a-f]', () => {
    expect(createCodeVerifier(sequenceRandom(new Array(16).fill(0)))).toHaveLength(16);
    expect(createCodeVerifier(sequenceRandom(new Array(16).fill(0xffffffff)))).toHaveLength(128);
    for (let i = 0; i < 50; i++) {
      const verifier = createCodeVerifier(realRandom);
      expect(verifier).toMatch(/^[0-9a-f]{16,128}$/);
    }
  });
});

describe('code challenge', () => {
  it('matches RFC 7636 appendix B', async () => {
    await expect(computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', subtle)).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('is base64url(SHA-256(verifier)) without padding, 43 chars', async () => {
    const verifier = createCodeVerifier(realRandom);
    const expected = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    const challenge = await computeCodeChallenge(verifier, subtle);
    expect(challenge).toBe(expected);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('fails clearly without crypto.subtle (insecure context)', async () => {
    await expect(computeCodeChallenge('abc', undefined)).rejects.toMatchObject({
      code: 'crypto_unavailable',
    });
  });
});

describe('PkceStore', () => {
  it('stores a new pair under the namespace key and reuses it while stored', async () => {
    const { store, storage, key } = setup();
    const first = await store.getOrCreate('magic_links');
    expect(JSON.parse(storage.getItem(key('magic_links'))!)).toEqual(first);
    expect(Object.keys(JSON.parse(storage.getItem(key('magic_links'))!))).toEqual([
      'code_challenge',
      'code_verifier',
    ]);
    expect(await store.getOrCreate('magic_links')).toEqual(first);
    expect(store.get('passwords')).toBeNull();
  });

  it('makes a new pair after clear, and create() always replaces', async () => {
    const { store, storage, key } = setup();
    const first = await store.getOrCreate('passwords');
    store.clear('passwords');
    expect(storage.getItem(key('passwords'))).toBeNull();
    const second = await store.getOrCreate('passwords');
    expect(second.code_verifier).not.toBe(first.code_verifier);
    const third = await store.create('passwords');
    expect(third.code_verifier).not.toBe(second.code_verifier);
    expect(store.get('passwords')).toEqual(third);
  });

  it('warns about a malformed stored pair and regenerates it', async () => {
    const { store, storage, key, logger } = setup(fixedRandom(0x11));
    storage.setItem(key('magic_links'), JSON.stringify({ code_challenge: 42 }));
    const pair = await store.getOrCreate('magic_links');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]![0])).toMatch(/malformed stored PKCE pair/);
    expect(pair.code_verifier).toBe('11111111'.repeat(16));
    expect(JSON.parse(storage.getItem(key('magic_links'))!)).toEqual(pair);
  });

  it('treats non-JSON storage as malformed too', () => {
    const { store, storage, key, logger } = setup();
    storage.setItem(key('oauth'), '"just a string"');
    expect(store.get('oauth')).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(storage.getItem(key('oauth'))).toBeNull();
  });
});
