/** @module passwords.schemas — request and response schemas of the password endpoints and /users/search. */
import { botCheckProperties, Locale } from '@latchkey/wire';
import { type Static, Type } from 'typebox';
import { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN } from '../../crypto/pkce.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  PasswordStrengthCheckResponse as StrengthCheckResponse,
  PasswordsAuthenticateResponse as AuthenticateResponse,
  PasswordsCreateResponse as CreateResponse,
  PasswordsResetCheckResponse as ResetCheckResponse,
  PasswordsResetLoginResponse as ResetLoginResponse,
  PasswordsResetStartResponse as ResetStartResponse,
  UsersSearchResponse as UserSearchResponse,
} from '@latchkey/wire';

/**
 * A typed password. Up to 4 096 code points pass the schema (a cheap cap before any work); the
 * service then refuses more than 1 024 after NFKC with weak_password, without hashing.
 */
const Password = Type.String({ minLength: 1, maxLength: 4096 });
/** Any string up to a cheap cap: the route answers one that is no address with 400 invalid_email. */
const Email = Type.String({ maxLength: 1024 });

/** Body of POST /passwords and /passwords/authenticate. */
export const PasswordLoginBody = Type.Object({
  email: Email,
  password: Password,
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

export type PasswordLoginBodyInput = Static<typeof PasswordLoginBody>;

/** Body of POST /passwords/existing_password/reset. */
export const ExistingPasswordResetBody = Type.Object({
  email: Email,
  existing_password: Password,
  new_password: Password,
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

/** Body of POST /passwords/session/reset. */
export const SessionResetBody = Type.Object({
  password: Password,
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

/** Body of POST /passwords/email/reset/start. */
export const ResetStartBody = Type.Object({
  email: Email,
  login_redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
  reset_password_redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
  reset_password_expiration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 60 })),
  reset_password_template_id: Type.Optional(Type.String({ maxLength: 256 })),
  code_challenge: Type.Optional(Type.String({ pattern: CODE_CHALLENGE_PATTERN })),
  /** The email's language (message-locale). */
  locale: Type.Optional(Locale),
  ...botCheckProperties,
});

/** Body of POST /passwords/email/reset. */
export const ResetBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  password: Password,
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
  ...botCheckProperties,
});

/**
 * Body of POST /passwords/email/reset/login (ours): the reset token, without a new password.
 * Extra fields (captcha_token, dfp_telemetry_id, as the reset form's other calls send) are ignored.
 */
export const ResetLoginBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
});

/**
 * Body of POST /passwords/email/reset/check (ours): the reset token, and the reset's PKCE
 * verifier when it was started with a challenge.
 */
export const ResetCheckBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
});

/** Body of POST /passwords/strength_check. */
export const StrengthCheckBody = Type.Object({
  email: Type.Optional(Email),
  password: Password,
});

/** Body of POST /users/search. */
export const UserSearchBody = Type.Object({
  email: Email,
  ...botCheckProperties,
});
