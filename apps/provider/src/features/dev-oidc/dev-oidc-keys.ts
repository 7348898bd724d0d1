/**
 * @module dev-oidc-keys — the development issuer's signing key: one ES256 key per process, made
 * on first use, published as a JWKS and used to sign ID tokens.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/** ES256 keys are made in a millisecond and verified by every OpenID client. */
export const DEV_OIDC_SIGNING_ALGORITHM = 'ES256';

/** The public half as a JWKS, and signing with the private half. */
export interface DevOidcKeys {
  jwks(): Promise<{ keys: JWK[] }>;
  /** A JWT with `payload`, signed, with the key's `kid` in its header. */
  signJwt(payload: JWTPayload): Promise<string>;
}

interface SigningKey {
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
}

async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(DEV_OIDC_SIGNING_ALGORITHM);
  const jwk = await exportJWK(publicKey);
  // RFC 7638 thumbprint as the kid: stable for the key, meaningless otherwise.
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicJwk: { ...jwk, kid, alg: DEV_OIDC_SIGNING_ALGORITHM, use: 'sig' } };
}

/** Creates the key holder; the key itself is made at the first call and kept until the process ends. */
export function createDevOidcKeys(): DevOidcKeys {
  let key: Promise<SigningKey> | undefined;
  const signingKey = () => {
    key ??= createSigningKey();
    return key;
  };
  return {
    async jwks() {
      return { keys: [(await signingKey()).publicJwk] };
    },
    async signJwt(payload) {
      const { privateKey, publicJwk } = await signingKey();
      return new SignJWT(payload)
        .setProtectedHeader({ alg: DEV_OIDC_SIGNING_ALGORITHM, kid: publicJwk.kid as string, typ: 'JWT' })
        .sign(privateKey);
    },
  };
}
