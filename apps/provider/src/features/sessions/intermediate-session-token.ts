/** @module intermediate-session-token — the intermediate session token (IST): "ist-" + 43 base64url characters, stored hashed. Beside the session token because sessions must tell the two apart (SECURITY D2). */
import { hashToken, type MintedToken, mintToken } from '../../crypto/tokens.js';
import type { Random } from '../../random.js';

const PREFIX = 'ist-';
/** Session tokens are exactly 43 characters, so the longer prefixed form can never be mistaken for one. */
const SHAPE = /^ist-[A-Za-z0-9_-]{43}$/;

/** An IST as it travels (the Basic-auth password where a session token would be). */
export type IntermediateSessionToken = `ist-${string}`;

/** Mints an IST (32 CSPRNG bytes, SECURITY D8) and the SHA-256 stored in its place. */
export function mintIntermediateSessionToken(random: Random): MintedToken {
  const token = `${PREFIX}${mintToken(random).token}`;
  return { token, hash: hashToken(token) };
}

/** Whether the Basic-auth secret is an IST rather than a session token. */
export function isIntermediateSessionToken(secret: string | null): secret is IntermediateSessionToken {
  return secret !== null && SHAPE.test(secret);
}
