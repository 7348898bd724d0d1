/** @module sessions.schemas — the wire Session, the AuthenticateResponse and the /sessions schemas. */
import { type Static, type TProperties, Type } from 'typebox';
import { envelopeSchema } from '../../http/envelope.js';
import { MetadataSchema, UserSchema } from '../users/users.schemas.js';

/** wire/objects.md AuthenticationFactor (detail objects are passed through). */
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

/** The wire Session. */
export type WireSession = Static<typeof SessionSchema>;

/** session_duration_minutes: 5 minutes to 366 days' worth (525 600) as the hosted API allows. */
export const SessionDurationMinutes = Type.Integer({ minimum: 5, maximum: 525600 });

/** The fields of every AuthenticateResponse (wire/objects.md), plus per-endpoint extras. */
export function authenticateResponseSchema<P extends TProperties>(extra: P) {
  return envelopeSchema({
    user_id: Type.String(),
    session_token: Type.String(),
    session_jwt: Type.String(),
    session: SessionSchema,
    user: UserSchema,
    __user: UserSchema,
    ...extra,
  });
}

/** The wire `mfa_required` of an intermediate sign-in. */
export const MfaRequiredSchema = Type.Object({
  totp: Type.Boolean(),
  sms: Type.Boolean(),
  enrol: Type.Boolean(),
});

/**
 * The response of a primary sign-in: an AuthenticateResponse, or, when the project requires MFA,
 * the same fields with `session: null`, empty tokens, `intermediate_session_token` and
 * `mfa_required` (docs/contracts.md "Multi-factor policy").
 */
export function signInResponseSchema<P extends TProperties>(extra: P) {
  return envelopeSchema({
    user_id: Type.String(),
    session_token: Type.String(),
    session_jwt: Type.String(),
    session: Type.Union([Type.Null(), SessionSchema]),
    user: UserSchema,
    __user: UserSchema,
    intermediate_session_token: Type.Optional(Type.String()),
    mfa_required: Type.Optional(MfaRequiredSchema),
    ...extra,
  });
}

/** POST /sessions/authenticate body. The background refresh sends `{}` or nothing. */
export const SessionsAuthenticateBody = Type.Object({
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
});

/** POST /sessions/authenticate response. */
export const SessionsAuthenticateResponse = authenticateResponseSchema({});

/** POST /sessions/revoke response. */
export const SessionsRevokeResponse = envelopeSchema({});
