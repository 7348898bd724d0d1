/**
 * Signing keys and ID tokens of the fake OpenID provider: RS256 keys published as a JWKS, and
 * ID tokens that are right by default or wrong in exactly one named way (SECURITY C5).
 */
import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { nextRsaKeyPair, type RsaKeyPair, strangerRsaKeyPair } from './prepared-rsa-keys.js';

/** One way an ID token can be wrong; each maps to one check of the verifier. */
export type IdTokenDefect =
  | 'wrong_aud'
  | 'wrong_iss'
  | 'expired'
  | 'alg_none'
  | 'hs256'
  | 'other_key'
  | 'unknown_kid'
  | 'wrong_nonce'
  | 'future_iat'
  | 'azp_mismatch'
  | 'no_sub';

export const ID_TOKEN_DEFECTS: readonly IdTokenDefect[] = [
  'wrong_aud',
  'wrong_iss',
  'expired',
  'alg_none',
  'hs256',
  'other_key',
  'unknown_kid',
  'wrong_nonce',
  'future_iat',
  'azp_mismatch',
  'no_sub',
];

/** A signing key of the fake; the public half is in the JWKS. */
export interface FakeSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** An RS256 key with a new random kid (the key pair from test/prepared-rsa-keys.ts). */
export async function makeSigningKey(keyPair?: RsaKeyPair): Promise<FakeSigningKey> {
  const { privateKey, publicKey } = keyPair ?? (await nextRsaKeyPair());
  const kid = `fake-${randomUUID()}`;
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** What signing needs to know besides the claims. */
export interface SignIdTokenContext {
  /** The key the JWKS publishes last (the current one). */
  key: FakeSigningKey;
  clientId: string;
  clientSecret: string;
  now: Date;
}

/**
 * Signs `claims` (complete, with iss/aud/sub/iat/exp/nonce) after applying `defect`. The
 * defaults are those a real provider would issue, so a token without a defect verifies.
 */
export async function signIdToken(
  claims: JWTPayload,
  context: SignIdTokenContext,
  defect?: IdTokenDefect,
): Promise<string> {
  const now = Math.floor(context.now.getTime() / 1000);
  const payload: JWTPayload = { ...claims };
  switch (defect) {
    case 'wrong_aud':
      payload.aud = 'another-client-id';
      payload.azp = undefined;
      break;
    case 'wrong_iss':
      payload.iss = 'https://issuer.example.invalid';
      break;
    case 'expired':
      payload.iat = now - 7200;
      payload.exp = now - 3600;
      break;
    case 'future_iat':
      payload.iat = now + 600;
      payload.exp = now + 4200;
      break;
    case 'wrong_nonce':
      payload.nonce = 'a-nonce-from-another-sign-in';
      break;
    case 'azp_mismatch':
      payload.azp = 'another-client-id';
      break;
    case 'no_sub':
      payload.sub = undefined;
      break;
    default:
      break;
  }
  const body = JSON.parse(JSON.stringify(payload)) as JWTPayload;

  if (defect === 'alg_none') {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'JWT', kid: context.key.kid })}.${encode(body)}.`;
  }
  if (defect === 'hs256') {
    // The classic confusion attack: the client secret used as an HMAC key.
    return new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: context.key.kid })
      .sign(new TextEncoder().encode(context.clientSecret));
  }
  if (defect === 'other_key' || defect === 'unknown_kid') {
    const stranger = await makeSigningKey(await strangerRsaKeyPair());
    // other_key claims the published kid, so only the signature check can catch it.
    const kid = defect === 'other_key' ? context.key.kid : stranger.kid;
    return new SignJWT(body).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(stranger.privateKey);
  }
  return new SignJWT(body)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: context.key.kid })
    .sign(context.key.privateKey);
}
