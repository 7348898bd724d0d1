/** @module session-jwt — signs session JWTs and verifies them for the server-facing API. */
import { KeyObject, sign } from 'node:crypto';
import type { SessionClaim } from '@latchkey/wire';
import { type CryptoKey, compactVerify, decodeProtectedHeader } from 'jose';
import { ApiError } from '../../errors/api-error.js';
import { type KeyRing, SESSION_JWT_ALG } from '../signing-keys/key-ring.js';
import { SESSION_JWT_LIFETIME_SECONDS } from '../signing-keys/signing-key-policy.js';
import { type CustomClaims, jwtCustomClaims } from './session-custom-claims.js';
import type { SessionJwtCache } from './session-jwt-cache.js';
import { lastAuthenticatedAt } from './session-object.js';
import type { SessionRow } from './sessions.table.js';

/** Verifiers allow this much clock skew (SECURITY D4/J5: leeway ≤ 30 s). */
const LEEWAY_SECONDS = 30;

/** The claim holding the session, as the hosted API names it. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/** `{issuer}/{project_id}`, the JWT `iss`. */
export function issuerFor(issuer: string, projectId: string): string {
  return `${issuer}/${projectId}`;
}

// node:crypto signs synchronously, several times cheaper than a WebCrypto job on the hot refresh
// path; the key is the same CryptoKey, converted once. Verification stays with jose.
const signingKeys = new WeakMap<CryptoKey, KeyObject>();

function signingKeyObject(key: CryptoKey): KeyObject {
  let keyObject = signingKeys.get(key);
  if (!keyObject) {
    keyObject = KeyObject.from(key);
    signingKeys.set(key, keyObject);
  }
  return keyObject;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Signs the JWT for `session`: exp = min(iat + 5 min, session expiry) (docs/contracts.md).
 * A JWS compact serialisation (RFC 7515 §7.1) with ES256: SHA-256 and the raw r‖s signature
 * (RFC 7518 §3.4), which is what `dsaEncoding: 'ieee-p1363'` produces. With a `cache`, the
 * session's previous JWT is returned instead while its claims are unchanged and it has at least
 * SESSION_JWT_MIN_REMAINING_SECONDS left (session-jwt-cache.ts).
 */
export async function signSessionJwt(
  keyRing: KeyRing,
  options: {
    issuer: string;
    projectId: string;
    session: SessionRow;
    now: Date;
    cache?: SessionJwtCache;
    /** The project's claims template (session-custom-claims.ts); the session's own claims go over it. */
    claimsTemplate?: CustomClaims;
  },
): Promise<string> {
  const { session, now, cache } = options;
  const iat = Math.floor(now.getTime() / 1000);
  const key = await keyRing.activeKey();
  const iss = issuerFor(options.issuer, options.projectId);
  const custom = customClaimsOf(options.claimsTemplate, session.custom_claims);
  const customKey = custom === undefined ? '' : custom.json;
  const reused = cache?.reusable(session, key.kid, iss, iat, customKey);
  if (reused !== undefined) return reused;
  const exp = Math.min(iat + SESSION_JWT_LIFETIME_SECONDS, Math.floor(session.expires_at.getTime() / 1000));
  const header = { alg: SESSION_JWT_ALG, kid: key.kid, typ: 'JWT' };
  // Custom claims first: the provider's own below always win (reserved keys are refused anyway).
  const claims = {
    ...custom?.claims,
    [SESSION_CLAIM]: {
      id: session.id,
      started_at: session.started_at.toISOString(),
      last_authenticated_at: lastAuthenticatedAt(session),
      expires_at: session.expires_at.toISOString(),
      attributes: { ip_address: session.ip_address, user_agent: session.user_agent },
      authentication_factors: session.authentication_factors,
    } satisfies SessionClaim,
    sub: session.user_id,
    iss,
    aud: [options.projectId],
    iat,
    nbf: iat,
    exp,
  };
  const signingInput = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: signingKeyObject(key.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  const jwt = `${signingInput}.${signature.toString('base64url')}`;
  cache?.keep(session, key.kid, iss, jwt, iat, exp, customKey);
  return jwt;
}

function isEmpty(claims: CustomClaims | undefined): boolean {
  for (const _ in claims) return false;
  return true;
}

/** The merged claims and their JSON (the reuse key), remembered per session claims object. */
interface CustomClaimsJson {
  template: CustomClaims | undefined;
  claims: CustomClaims;
  json: string;
}

// A cached session check hands out the same row object, and a cached project the same template,
// so a check that reuses its JWT merges and serialises the claims once, not on every request.
const mergedBySessionClaims = new WeakMap<CustomClaims, CustomClaimsJson>();

/** The JWT's custom claims and their JSON, or undefined when there are none (the usual case costs nothing). */
function customClaimsOf(
  template: CustomClaims | undefined,
  own: CustomClaims | undefined,
): CustomClaimsJson | undefined {
  if (isEmpty(template) && isEmpty(own)) return undefined;
  const remembered = own === undefined ? undefined : mergedBySessionClaims.get(own);
  if (remembered !== undefined && remembered.template === template) return remembered;
  const claims = jwtCustomClaims(template ?? {}, own ?? {});
  const merged = { template, claims, json: JSON.stringify(claims) };
  if (own !== undefined) mergedBySessionClaims.set(own, merged);
  return merged;
}

/** What a verified session JWT names. */
export interface VerifiedSessionJwt {
  sessionId: string;
  userId: string;
}

/**
 * Verifies signature, algorithm, `iss`, `aud` and `nbf` of a session JWT, but not `exp`: the
 * server-facing authenticate then asks the database whether the session is still live, which is
 * what decides (an expired JWT of a live session may be exchanged for a fresh one, SECURITY D4).
 */
export async function verifySessionJwtSignature(
  keyRing: KeyRing,
  jwt: string,
  options: { issuer: string; projectId: string; now: Date },
): Promise<VerifiedSessionJwt> {
  const fail = (cause?: unknown) => new ApiError('invalid_jwt', { cause });
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.alg !== SESSION_JWT_ALG || typeof header.kid !== 'string') throw fail();
    kid = header.kid;
  } catch (error) {
    throw error instanceof ApiError ? error : fail(error);
  }
  const key = await keyRing.publicKey(kid);
  if (!key) throw fail();
  let claims: Record<string, unknown>;
  try {
    const { payload } = await compactVerify(jwt, key, { algorithms: [SESSION_JWT_ALG] });
    claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  } catch (error) {
    throw fail(error);
  }
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const session = claims[SESSION_CLAIM] as { id?: unknown } | undefined;
  const valid =
    claims.iss === issuerFor(options.issuer, options.projectId) &&
    Array.isArray(claims.aud) &&
    claims.aud.includes(options.projectId) &&
    typeof claims.sub === 'string' &&
    typeof claims.nbf === 'number' &&
    claims.nbf <= nowSeconds + LEEWAY_SECONDS &&
    typeof session?.id === 'string';
  if (!valid) throw fail();
  return { sessionId: session.id as string, userId: claims.sub as string };
}
