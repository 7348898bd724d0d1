/** @module session — the wire Session and its authentication factors (wire/objects.md "Session"). */
import { type Static, Type } from 'typebox';
import { MetadataSchema } from './user-factors.js';

/**
 * wire/objects.md AuthenticationFactor: `type`, `delivery_method`, `last_authenticated_at`, plus at
 * most one detail object whose key depends on `delivery_method` (passed through as is).
 */
export const AuthenticationFactorSchema = Type.Object(
  { type: Type.String(), delivery_method: Type.String(), last_authenticated_at: Type.String() },
  { additionalProperties: true },
);

/** wire/objects.md Session. */
export const SessionSchema = Type.Object({
  session_id: Type.String(),
  user_id: Type.String(),
  started_at: Type.String(),
  last_accessed_at: Type.String(),
  expires_at: Type.String(),
  attributes: Type.Object({ ip_address: Type.String(), user_agent: Type.String() }),
  authentication_factors: Type.Array(AuthenticationFactorSchema),
  custom_claims: Type.Union([Type.Null(), MetadataSchema]),
});

const { started_at, expires_at, attributes, authentication_factors } = SessionSchema.properties;

/**
 * The session claim of every session JWT (docs/contracts.md): the Session's times, attributes and
 * factors under the hosted API's names (`id`, and `last_authenticated_at` for the latest factor).
 */
export const SessionClaimSchema = Type.Object({
  id: Type.String(),
  started_at,
  last_authenticated_at: Type.String(),
  expires_at,
  attributes,
  authentication_factors,
});

/**
 * The sign-in methods, as an AuthenticationFactor's `type` names them (wire/objects.md's
 * recommended list, every one the provider issues). The schema keeps `type` a string, as the hosted
 * API's types do, so a reader must still take a value it does not know; whatever shows a method
 * keys its words by this union, so a method added here without words fails to type-check.
 */
export type SignInMethod =
  | 'magic_link'
  | 'otp'
  | 'password'
  | 'webauthn'
  | 'totp'
  | 'recovery_codes'
  | 'oauth'
  | 'crypto';

/** One authentication factor; the detail key depends on `delivery_method`. */
export type AuthenticationFactor = Static<typeof AuthenticationFactorSchema> & { [detail: string]: unknown };
/** The wire Session. */
export type Session = Static<typeof SessionSchema>;
/** The session claim of a session JWT. */
export type SessionClaim = Static<typeof SessionClaimSchema>;
