/** @module passwords — the answers of the password endpoints (wire/endpoints.md "Passwords"). */
import { type Static, Type } from 'typebox';
import { signInResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';

/** POST /passwords: AuthenticateResponse + email_id. */
export const PasswordsCreateResponse = signInResponseSchema({ email_id: Type.String() });

/** POST /passwords/authenticate. */
export const PasswordsAuthenticateResponse = signInResponseSchema({});

/** Reset login (ours): AuthenticateResponse + email_id (the reset's address). */
export const PasswordsResetLoginResponse = signInResponseSchema({ email_id: Type.String() });

/** Reset check (ours): whose account the open link is for, and until when it works (ISO 8601). */
export const PasswordsResetCheckResponse = envelopeSchema({
  email: Type.String(),
  expires_at: Type.String(),
});

/** Reset start: nothing besides the envelope. */
export const PasswordsResetStartResponse = envelopeSchema({});

/** POST /passwords/strength_check, returned to the caller as is. */
export const PasswordStrengthCheckResponse = envelopeSchema({
  valid_password: Type.Boolean(),
  score: Type.Integer({ minimum: 0, maximum: 4 }),
  breached_password: Type.Boolean(),
  breach_detection_on_create: Type.Boolean(),
  strength_policy: Type.Union([Type.Literal('zxcvbn'), Type.Literal('luds')]),
  feedback: Type.Object({
    suggestions: Type.Array(Type.String()),
    warning: Type.String(),
    luds_requirements: Type.Object({
      has_digit: Type.Boolean(),
      has_lower_case: Type.Boolean(),
      has_symbol: Type.Boolean(),
      has_upper_case: Type.Boolean(),
      missing_characters: Type.Integer(),
      missing_complexity: Type.Integer(),
    }),
  }),
});

export type PasswordsCreateResult = Static<typeof PasswordsCreateResponse>['data'];
export type PasswordsResetByEmailCheckResult = Static<typeof PasswordsResetCheckResponse>['data'];
export type PasswordStrengthCheckResult = Static<typeof PasswordStrengthCheckResponse>['data'];
