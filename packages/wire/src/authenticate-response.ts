/**
 * @module authenticate-response — the AuthenticateResponse every sign-in answers with
 * (wire/objects.md "AuthenticateResponse"), and the multi-factor variant of a primary sign-in.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { envelopeSchema, responseDataSchema } from './envelope.js';
import { SessionSchema } from './session.js';
import { UserSchema } from './user.js';

/** The second factors a user can complete a multi-factor sign-in with (docs/contracts.md, issue 9). */
export const MfaRequiredSchema = Type.Object({
  /** The user has a verified TOTP: `totps.authenticate` (or `totps.recover`). */
  totp: Type.Boolean(),
  /** The user has a verified phone: `otps.sms.send` then `otps.authenticate`. */
  sms: Type.Boolean(),
  /** Neither: enrol a TOTP with `totps.create`, then `totps.authenticate`. */
  enrol: Type.Boolean(),
});

/** The fields of every AuthenticateResponse, beside the envelope's. */
export const authenticateResponseFields = {
  user_id: Type.String(),
  session_token: Type.String(),
  session_jwt: Type.String(),
  session: SessionSchema,
  user: UserSchema,
  __user: UserSchema,
};

/**
 * The fields of a primary sign-in's answer: an AuthenticateResponse, or, when the project requires
 * MFA, the same fields with `session: null`, empty tokens, `intermediate_session_token` and
 * `mfa_required` (docs/contracts.md "Multi-factor policy").
 */
export const signInResponseFields = {
  ...authenticateResponseFields,
  session: Type.Union([Type.Null(), SessionSchema]),
  intermediate_session_token: Type.Optional(Type.String()),
  mfa_required: Type.Optional(MfaRequiredSchema),
};

/** The response schema of an AuthenticateResponse with the per-endpoint `extra` fields. */
export function authenticateResponseSchema<P extends TProperties>(extra: P) {
  return envelopeSchema({ ...authenticateResponseFields, ...extra });
}

/** The response schema of a primary sign-in with the per-endpoint `extra` fields. */
export function signInResponseSchema<P extends TProperties>(extra: P) {
  return envelopeSchema({ ...signInResponseFields, ...extra });
}

/** `data` of an AuthenticateResponse (a session exists). */
export const AuthenticateResponseSchema = responseDataSchema(authenticateResponseFields);
/** `data` of a primary sign-in (a session, or a second factor pending). */
export const SignInResponseSchema = responseDataSchema(signInResponseFields);

/** Which second factors are open while a sign-in waits for one. */
export type MfaRequired = Static<typeof MfaRequiredSchema>;
/** The raw AuthenticateResponse `data` as the provider sends it, `__user` included. */
export type AuthenticateResponse = Static<typeof AuthenticateResponseSchema>;
/** The raw `data` of a primary sign-in: `session` is null while a second factor is pending. */
export type SignInResponse = Static<typeof SignInResponseSchema>;
