/**
 * @module server-webauthn — `/v1/webauthn…` of the server-facing API (project secret): the hosted
 * provider's server calls for passkeys (register start and finish, authenticate start and finish,
 * rename), flat answers with `status_code` and `request_id` and the server API's user object.
 * Request bodies refuse unknown fields, so a misspelt field is a 400 naming it, never ignored.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { ServerUserSchema } from './server-users.js';
import { SessionSchema } from './session.js';
import { WebAuthnRegistrationSchema } from './user-factors.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** The largest creation response accepted (it may carry an attestation certificate chain). */
export const SERVER_WEBAUTHN_REGISTER_BODY_LIMIT_BYTES = 256 * 1024;

/** A user id or external id (the provider answers 400 invalid_user_id for one of neither shape). */
const UserReference = Type.String({ minLength: 1, maxLength: 128 });
/** The RP ID to be: checked against the project's allowed origins by the provider. */
const Domain = Type.String({ minLength: 1, maxLength: 253 });
/** Minutes a new session lasts: 5 minutes to 366 days, as the hosted provider. */
const SessionDuration = Type.Integer({ minimum: 5, maximum: 527040 });
const SessionToken = Type.String({ minLength: 1, maxLength: 128 });
const SessionJwt = Type.String({ minLength: 1, maxLength: 8192 });
const CustomClaims = Type.Record(Type.String(), Type.Unknown());

/** The session fields of the two finishing calls. */
const sessionFields = {
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  session_duration_minutes: Type.Optional(SessionDuration),
  session_custom_claims: Type.Optional(CustomClaims),
  /** The hosted provider's device-fingerprint lookup id: accepted, not used (no `user_device`). */
  telemetry_id: Type.Optional(Type.String({ maxLength: 256 })),
};

/**
 * POST /v1/webauthn/register/start. `override_id` sets the user's WebAuthn user handle (the
 * options' `user.id`, at most 64 bytes): once set it never changes, and it names one user of the
 * project; without it the handle is the one the user has (their user id by default). The two
 * names only label the prompt.
 */
export const ServerWebAuthnRegisterStartBody = strict({
  user_id: UserReference,
  domain: Domain,
  user_agent: Type.Optional(Type.String({ maxLength: 4096 })),
  authenticator_type: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  return_passkey_credential_options: Type.Optional(Type.Boolean()),
  override_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  override_name: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  override_display_name: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  use_base64_url_encoding: Type.Optional(Type.Boolean()),
});

/** POST /v1/webauthn/register: the creation response (a JSON string) for `user_id`. */
export const ServerWebAuthnRegisterBody = strict({
  user_id: UserReference,
  public_key_credential: Type.String({ minLength: 1, maxLength: SERVER_WEBAUTHN_REGISTER_BODY_LIMIT_BYTES }),
  ...sessionFields,
});

/** POST /v1/webauthn/authenticate/start: without `user_id`, any discoverable credential may answer. */
export const ServerWebAuthnAuthenticateStartBody = strict({
  domain: Domain,
  user_id: Type.Optional(UserReference),
  return_passkey_credential_options: Type.Optional(Type.Boolean()),
  use_base64_url_encoding: Type.Optional(Type.Boolean()),
});

/** POST /v1/webauthn/authenticate: the assertion (a JSON string). */
export const ServerWebAuthnAuthenticateBody = strict({
  public_key_credential: Type.String({ minLength: 1, maxLength: 64 * 1024 }),
  ...sessionFields,
});

/** PUT /v1/webauthn/{webauthn_registration_id}. */
export const ServerWebAuthnUpdateParams = Type.Object({
  webauthn_registration_id: Type.String({ minLength: 1, maxLength: 128 }),
});

/** PUT /v1/webauthn/{webauthn_registration_id} body; the provider trims and judges the name. */
export const ServerWebAuthnUpdateBody = strict({ name: Type.String({ maxLength: 1024 }) });

/** POST /v1/webauthn/register/start answer: the options as a JSON string, for navigator.credentials.create. */
export const ServerWebAuthnRegisterStartResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  public_key_credential_creation_options: Type.String(),
});

/** POST /v1/webauthn/authenticate/start answer; `user_id` is `""` when none was named. */
export const ServerWebAuthnAuthenticateStartResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  public_key_credential_request_options: Type.String(),
});

/**
 * The answer of register and authenticate: without `session_duration_minutes` and no session
 * named there is no session (`session: null`, empty tokens); `session_token` is `""` when the
 * session was named by its JWT (the provider keeps hashes only).
 */
const signInAnswer = {
  ...flatAnswerFields,
  user_id: Type.String(),
  webauthn_registration_id: Type.String(),
  session: Type.Union([Type.Null(), SessionSchema]),
  session_token: Type.String(),
  session_jwt: Type.String(),
  user: ServerUserSchema,
};

/** POST /v1/webauthn/register answer. */
export const ServerWebAuthnRegisterResponse = Type.Object(signInAnswer);
/** POST /v1/webauthn/authenticate answer. */
export const ServerWebAuthnAuthenticateResponse = Type.Object(signInAnswer);

/** GET /v1/webauthn/credentials/{user_id}/{domain}: a user (id or external id) and an RP ID. */
export const ServerWebAuthnListCredentialsParams = Type.Object({
  user_id: UserReference,
  domain: Domain,
});

/**
 * One registered credential: `credential_id` base64url as the browser reports it, `public_key`
 * the COSE_Key (RFC 9053) in standard base64, `type` always `public-key`.
 */
export const ServerWebAuthnCredentialSchema = Type.Object({
  credential_id: Type.String(),
  webauthn_registration_id: Type.String(),
  type: Type.Literal('public-key'),
  public_key: Type.String(),
});

/** GET /v1/webauthn/credentials/{user_id}/{domain} answer: the user's credentials for that RP ID, oldest first. */
export const ServerWebAuthnListCredentialsResponse = Type.Object({
  ...flatAnswerFields,
  credentials: Type.Array(ServerWebAuthnCredentialSchema),
});

/** PUT /v1/webauthn/{webauthn_registration_id} answer: the renamed registration. */
export const ServerWebAuthnUpdateResponse = Type.Object({
  ...flatAnswerFields,
  webauthn_registration: WebAuthnRegistrationSchema,
});

export type ServerWebAuthnRegisterStartRequest = Static<typeof ServerWebAuthnRegisterStartBody>;
export type ServerWebAuthnRegisterRequest = Static<typeof ServerWebAuthnRegisterBody>;
export type ServerWebAuthnAuthenticateStartRequest = Static<typeof ServerWebAuthnAuthenticateStartBody>;
export type ServerWebAuthnAuthenticateRequest = Static<typeof ServerWebAuthnAuthenticateBody>;
export type ServerWebAuthnUpdateRequest = Static<typeof ServerWebAuthnUpdateBody>;
export type ServerWebAuthnRegisterStartResult = Static<typeof ServerWebAuthnRegisterStartResponse>;
export type ServerWebAuthnAuthenticateStartResult = Static<typeof ServerWebAuthnAuthenticateStartResponse>;
export type ServerWebAuthnRegisterResult = Static<typeof ServerWebAuthnRegisterResponse>;
export type ServerWebAuthnAuthenticateResult = Static<typeof ServerWebAuthnAuthenticateResponse>;
export type ServerWebAuthnUpdateResult = Static<typeof ServerWebAuthnUpdateResponse>;
export type ServerWebAuthnListCredentialsRequest = Static<typeof ServerWebAuthnListCredentialsParams>;
export type ServerWebAuthnCredential = Static<typeof ServerWebAuthnCredentialSchema>;
export type ServerWebAuthnListCredentialsResult = Static<typeof ServerWebAuthnListCredentialsResponse>;
