/**
 * @module apple-client-secret — Sign in with Apple's client secret: an ES256 JWT signed with the
 * team's key ("Creating a client secret"), made fresh for each code exchange.
 */
import { importPKCS8, SignJWT } from 'jose';
import { APPLE_CLIENT_SECRET_LIFETIME_S } from '../oauth-policy.js';
import { APPLE_ISSUER } from './presets.js';
import type { AppleSigningKey } from './upstream-config.js';

/** The JWT Apple's token endpoint takes as `client_secret`. */
export async function createAppleClientSecret(options: {
  apple: AppleSigningKey;
  clientId: string;
  /** Apple's issuer; a test issuer when the preset is overridden. */
  audience?: string;
  now: Date;
}): Promise<string> {
  const key = await importPKCS8(options.apple.privateKeyPem, 'ES256');
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.apple.keyId })
    .setIssuer(options.apple.teamId)
    .setSubject(options.clientId)
    .setAudience(options.audience ?? APPLE_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + APPLE_CLIENT_SECRET_LIFETIME_S)
    .sign(key);
}
