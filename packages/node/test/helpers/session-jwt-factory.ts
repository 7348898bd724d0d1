/** @module test/helpers/session-jwt-factory — ES256 keys and session JWTs shaped like the provider's. */

import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** A signing key with the public JWK the provider would publish for it. */
export interface TestSigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** Generates a key pair (ES256 unless told) whose public JWK carries `kid`, `alg` and `use` like a JWKS entry. */
export async function givenSigningKey(
  kid: string,
  alg: 'ES256' | 'RS256' = 'ES256',
): Promise<TestSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicKey, publicJwk };
}

/** Claims of a session JWT issued at `now` for `projectId`, as contracts.md describes them. */
export function sessionClaims(projectId: string, now: Date, overrides: Record<string, unknown> = {}) {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    sub: 'user-test-0001',
    iss: `stytch.com/${projectId}`,
    aud: [projectId],
    iat,
    nbf: iat,
    exp: iat + 300,
    'https://stytch.com/session': {
      id: 'session-test-0001',
      started_at: '2030-01-01T00:00:00Z',
      last_authenticated_at: '2030-01-01T00:00:00Z',
      expires_at: '2030-01-01T01:00:00Z',
      attributes: { ip_address: '127.0.0.1', user_agent: 'vitest' },
      authentication_factors: [
        {
          type: 'magic_link',
          delivery_method: 'email',
          last_authenticated_at: '2030-01-01T00:00:00Z',
          email_factor: { email_id: 'email-test-0001', email_address: 'alice@example.com' },
        },
      ],
    },
    ...overrides,
  };
}

/** Signs `claims` with `key` (its `alg` and `kid` in the header); `undefined` claim values are dropped. */
export function signJwt(key: TestSigningKey, claims: Record<string, unknown>): Promise<string> {
  const defined = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  return new SignJWT(defined)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}
