/**
 * @module session-custom-claims — claims an integrator adds to session JWTs: per session
 * (`session_custom_claims` on the server-side authenticate calls, merged into what the session
 * has: a key set to null is removed) and per project (a template under every session's own).
 * They sit at the top level of the JWT, where the hosted provider's SDK collects every claim that
 * is neither registered nor its session claim as `custom_claims`.
 */
import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';

/** The largest custom claims object, as JSON bytes: a session's (after the merge), and the template. */
export const SESSION_CUSTOM_CLAIMS_MAX_BYTES = 4096;

/** Registered JWT claims (RFC 7519 §4.1) the provider sets itself. */
const REGISTERED_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']);

/** The namespace of the provider's own session claim (session-jwt.ts SESSION_CLAIM). */
const PROVIDER_CLAIM_NAMESPACE = 'https://stytch.com/';

export type CustomClaims = Record<string, unknown>;

/** The request field: any JSON object (its keys and size are checked by `mergeSessionCustomClaims`). */
export const SessionCustomClaimsField = Type.Record(Type.String(), Type.Unknown());

function refuse(field: string, key: string | undefined, message: string): ApiError {
  return new ApiError('invalid_request', {
    message,
    body: [{ dataPath: key === undefined ? `.${field}` : `.${field}.${key}`, message }],
  });
}

/** Whether `key` may be a custom claim. */
export function isReservedClaim(key: string): boolean {
  return REGISTERED_CLAIMS.has(key) || key.startsWith(PROVIDER_CLAIM_NAMESPACE);
}

function checkKeys(field: string, claims: CustomClaims): void {
  for (const key of Object.keys(claims)) {
    if (isReservedClaim(key)) {
      throw refuse(field, key, `"${key}" is a reserved claim and cannot be a custom claim.`);
    }
  }
}

function checkSize(field: string, claims: CustomClaims): void {
  if (Buffer.byteLength(JSON.stringify(claims)) > SESSION_CUSTOM_CLAIMS_MAX_BYTES) {
    throw refuse(
      field,
      undefined,
      `The custom claims are larger than ${SESSION_CUSTOM_CLAIMS_MAX_BYTES} bytes of JSON.`,
    );
  }
}

/** Refuses reserved keys in an update before anything is done with it (400 naming the claim). */
export function checkSessionCustomClaimsUpdate(update: CustomClaims, field = 'session_custom_claims'): void {
  checkKeys(field, update);
}

/**
 * `current` with `update` applied (a null value removes its key), checked: no reserved key, at
 * most SESSION_CUSTOM_CLAIMS_MAX_BYTES. Throws 400 `invalid_request` naming the field or claim.
 */
export function mergeSessionCustomClaims(
  current: CustomClaims,
  update: CustomClaims,
  field = 'session_custom_claims',
): CustomClaims {
  checkKeys(field, update);
  const merged: CustomClaims = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  checkSize(field, merged);
  return merged;
}

/**
 * Checks a project's claims template (for the project administration API): a JSON object, no
 * reserved key, no null value, at most SESSION_CUSTOM_CLAIMS_MAX_BYTES. Returns it; throws 400
 * `invalid_request` naming `field` or the claim.
 */
export function validateSessionClaimsTemplate(
  value: unknown,
  field = 'session_custom_claims_template',
): CustomClaims {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse(field, undefined, 'The claims template must be a JSON object.');
  }
  const template = value as CustomClaims;
  checkKeys(field, template);
  for (const [key, claim] of Object.entries(template)) {
    if (claim === null) throw refuse(field, key, `"${key}" is null; leave the claim out instead.`);
  }
  checkSize(field, template);
  return template;
}

/** The custom claims of a session's JWT: the project's template, then the session's own over it. */
export function jwtCustomClaims(template: CustomClaims, session: CustomClaims): CustomClaims {
  return { ...template, ...session };
}
