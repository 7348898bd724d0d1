/**
 * @module server-passwords — `/v1/passwords…` of the server-facing API (project secret): the hosted
 * provider's server calls for passwords (create, authenticate, strength check, resets, migrate),
 * flat answers with `status_code` and `request_id` and the server API's user object. Request
 * bodies refuse unknown fields, so a misspelt field is a 400 naming it, never ignored.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { PasswordStrengthCheckResponse } from './passwords.js';
import { serverSignInSchema } from './server-sign-in.js';
import { ExternalIdSchema, ServerUserSchema, UserNameInputSchema, UserRolesSchema } from './server-users.js';
import { MetadataSchema } from './user-factors.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** A typed password: a cheap cap here; the provider refuses more than 1 024 code points after NFKC. */
const Password = Type.String({ minLength: 1, maxLength: 4096 });
/** Any string up to a cheap cap: one that is no address is 400 invalid_email naming `.email`. */
const Email = Type.String({ minLength: 1, maxLength: 1024 });
/** Minutes a new session lasts: 5 minutes to 366 days, as the hosted provider. */
const SessionDuration = Type.Integer({ minimum: 5, maximum: 527040 });
const SessionToken = Type.String({ minLength: 1, maxLength: 128 });
const SessionJwt = Type.String({ minLength: 1, maxLength: 8192 });
const CustomClaims = Type.Record(Type.String(), Type.Unknown());
/** The end user's request, as the integrator's server saw it. */
const Attributes = strict({
  ip_address: Type.Optional(Type.String({ maxLength: 64 })),
  user_agent: Type.Optional(Type.String({ maxLength: 1024 })),
});

/** The session fields of a call that may start or extend one. */
const sessionFields = {
  session_duration_minutes: Type.Optional(SessionDuration),
  session_custom_claims: Type.Optional(CustomClaims),
  /** The hosted provider's device-fingerprint lookup id: accepted, not used (no `user_device`). */
  telemetry_id: Type.Optional(Type.String({ maxLength: 256 })),
};

/** POST /v1/passwords: a new user with an email and a password. */
export const ServerPasswordsCreateBody = strict({
  email: Email,
  password: Password,
  ...sessionFields,
  name: Type.Optional(UserNameInputSchema),
  trusted_metadata: Type.Optional(MetadataSchema),
  untrusted_metadata: Type.Optional(MetadataSchema),
  external_id: Type.Optional(ExternalIdSchema),
  roles: Type.Optional(UserRolesSchema),
});

/** POST /v1/passwords/authenticate; a session token or JWT adds the password to that session. */
export const ServerPasswordsAuthenticateBody = strict({
  email: Email,
  password: Password,
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  ...sessionFields,
});

/** POST /v1/passwords/strength_check. */
export const ServerPasswordsStrengthCheckBody = strict({
  password: Password,
  email: Type.Optional(Email),
});

/** POST /v1/passwords/email/reset/start. */
export const ServerPasswordsEmailResetStartBody = strict({
  email: Email,
  reset_password_redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
  login_redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
  reset_password_expiration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 60 })),
  /** Only `""`: the provider has no selectable email templates (a non-empty id → 400 naming it). */
  reset_password_template_id: Type.Optional(Type.String({ maxLength: 256 })),
  code_challenge: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
  attributes: Type.Optional(Attributes),
  locale: Type.Optional(Type.String({ maxLength: 16 })),
});

/** POST /v1/passwords/email/reset: the emailed token and the new password. */
export const ServerPasswordsEmailResetBody = strict({
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  password: Password,
  code_verifier: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._~-]{43,128}$' })),
  /** The user's live session, which stays (extended by `session_duration_minutes`) while every other ends. */
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  ...sessionFields,
  attributes: Type.Optional(Attributes),
});

/** POST /v1/passwords/existing_password/reset. */
export const ServerPasswordsExistingPasswordResetBody = strict({
  email: Email,
  existing_password: Password,
  new_password: Password,
  ...sessionFields,
});

/** POST /v1/passwords/session/reset: the user's live session (token or JWT) and the new password. */
export const ServerPasswordsSessionResetBody = strict({
  password: Password,
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  ...sessionFields,
});

/** The hash kinds POST /v1/passwords/migrate imports (the hosted provider's names). */
export const MIGRATABLE_HASH_TYPES = [
  'argon_2id',
  'argon_2i',
  'bcrypt',
  'scrypt',
  'pbkdf_2',
  'md_5',
  'sha_1',
  'sha_512',
  'phpass',
] as const;

/** argon2 parameters, when `hash` is the bare digest rather than a PHC string. */
const Argon2Config = strict({
  salt: Type.String({ minLength: 1, maxLength: 1024 }),
  iteration_amount: Type.Integer({ minimum: 1, maximum: 100 }),
  memory: Type.Integer({ minimum: 8, maximum: 4 * 1024 * 1024 }),
  threads: Type.Integer({ minimum: 1, maximum: 255 }),
  key_length: Type.Integer({ minimum: 4, maximum: 1024 }),
});

/** scrypt parameters, when `hash` is the bare digest rather than a PHC string. */
const ScryptConfig = strict({
  salt: Type.String({ minLength: 1, maxLength: 1024 }),
  n_parameter: Type.Integer({ minimum: 2, maximum: 262144 }),
  r_parameter: Type.Integer({ minimum: 1, maximum: 64 }),
  p_parameter: Type.Integer({ minimum: 1, maximum: 64 }),
  key_length: Type.Integer({ minimum: 16, maximum: 1024 }),
});

/** md_5, sha_1, sha_512: the text around the password when it was digested (either may be empty). */
const SaltedDigestConfig = strict({
  prepend_salt: Type.String({ maxLength: 1024 }),
  append_salt: Type.String({ maxLength: 1024 }),
});

/** PBKDF2-HMAC parameters: the salt in base64; `algorithm` `sha256` (the default) or `sha512`. */
const Pbkdf2Config = strict({
  salt: Type.String({ minLength: 1, maxLength: 1024 }),
  iteration_amount: Type.Integer({ minimum: 1, maximum: 2_000_000 }),
  key_length: Type.Integer({ minimum: 16, maximum: 1024 }),
  algorithm: Type.Optional(Type.Union([Type.Literal('sha256'), Type.Literal('sha512'), Type.Literal('')])),
});

/** POST /v1/passwords/migrate: imports a password hash made elsewhere (creating the user if needed). */
export const ServerPasswordsMigrateBody = strict({
  email: Email,
  hash: Type.String({ minLength: 1, maxLength: 4096 }),
  /** Any string passes the schema: one Latchkey does not import is 400 naming `.hash_type`. */
  hash_type: Type.String({ minLength: 1, maxLength: 32 }),
  argon_2_config: Type.Optional(Argon2Config),
  scrypt_config: Type.Optional(ScryptConfig),
  pbkdf_2_config: Type.Optional(Pbkdf2Config),
  md_5_config: Type.Optional(SaltedDigestConfig),
  sha_1_config: Type.Optional(SaltedDigestConfig),
  sha_512_config: Type.Optional(SaltedDigestConfig),
  trusted_metadata: Type.Optional(MetadataSchema),
  untrusted_metadata: Type.Optional(MetadataSchema),
  set_email_verified: Type.Optional(Type.Boolean()),
  name: Type.Optional(UserNameInputSchema),
  external_id: Type.Optional(ExternalIdSchema),
  roles: Type.Optional(UserRolesSchema),
});

/**
 * POST /v1/passwords answer: the new user, its email id, and a session when one was asked for
 * (without `session_duration_minutes`, and no session to extend, there is none).
 */
export const ServerPasswordsCreateResponse = serverSignInSchema({ email_id: Type.String() }, {});
/** Answer of authenticate and of the three resets. */
export const ServerPasswordsAuthenticateResponse = serverSignInSchema({}, {});

/** POST /v1/passwords/strength_check answer, flat. */
export const ServerPasswordsStrengthCheckResponse = Type.Object({
  ...flatAnswerFields,
  ...PasswordStrengthCheckResponse.properties.data.properties,
});

/** POST /v1/passwords/email/reset/start answer: whose address the email went to. */
export const ServerPasswordsEmailResetStartResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  email_id: Type.String(),
});

/** POST /v1/passwords/migrate answer. */
export const ServerPasswordsMigrateResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  email_id: Type.String(),
  user_created: Type.Boolean(),
  user: ServerUserSchema,
});

export type ServerPasswordsCreateRequest = Static<typeof ServerPasswordsCreateBody>;
export type ServerPasswordsAuthenticateRequest = Static<typeof ServerPasswordsAuthenticateBody>;
export type ServerPasswordsStrengthCheckRequest = Static<typeof ServerPasswordsStrengthCheckBody>;
export type ServerPasswordsEmailResetStartRequest = Static<typeof ServerPasswordsEmailResetStartBody>;
export type ServerPasswordsEmailResetRequest = Static<typeof ServerPasswordsEmailResetBody>;
export type ServerPasswordsExistingPasswordResetRequest = Static<
  typeof ServerPasswordsExistingPasswordResetBody
>;
export type ServerPasswordsSessionResetRequest = Static<typeof ServerPasswordsSessionResetBody>;
export type ServerPasswordsMigrateRequest = Static<typeof ServerPasswordsMigrateBody>;
export type ServerPasswordsCreateResult = Static<typeof ServerPasswordsCreateResponse>;
export type ServerPasswordsAuthenticateResult = Static<typeof ServerPasswordsAuthenticateResponse>;
export type ServerPasswordsStrengthCheckResult = Static<typeof ServerPasswordsStrengthCheckResponse>;
export type ServerPasswordsEmailResetStartResult = Static<typeof ServerPasswordsEmailResetStartResponse>;
export type ServerPasswordsMigrateResult = Static<typeof ServerPasswordsMigrateResponse>;
