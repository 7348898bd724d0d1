/**
 * @module server-totps — `/v1/totps…` of the server-facing API (project secret): the hosted
 * provider's server calls for authenticator apps (create, authenticate, recovery codes, recover),
 * flat answers with `status_code`, `request_id` and the server API's user object. Request bodies
 * refuse unknown fields, so a misspelt field is a 400 naming it, never ignored.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { serverSignInSchema } from './server-sign-in.js';
import { ServerUserSchema } from './server-users.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

const UserId = Type.String({ minLength: 1, maxLength: 128 });

/**
 * Who the code is tried for besides `user_id`: a live session of theirs (token or JWT), to which
 * the factor is added, or (Latchkey's) the intermediate session token of their sign-in awaiting
 * a second factor, which it completes. One of the three is required.
 */
const callerFields = {
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  session_jwt: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
  intermediate_session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
};

/** The session fields of a call that starts or extends a session. */
const sessionFields = {
  /** Minutes the session lasts from now: 5 minutes to 366 days. */
  session_duration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 527040 })),
  session_custom_claims: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** The hosted provider's device-fingerprint lookup id: accepted, not used. */
  telemetry_id: Type.Optional(Type.String({ maxLength: 256 })),
};

/** POST /v1/totps: an authenticator app for `user_id`, to be confirmed by its first code within `expiration_minutes` (5–1440, default 30). */
export const ServerTotpsCreateBody = strict({
  user_id: UserId,
  expiration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 1440 })),
});

/** POST /v1/totps/authenticate: a 6-digit code of the user's app. */
export const ServerTotpsAuthenticateBody = strict({
  user_id: UserId,
  totp_code: Type.String({ pattern: '^[0-9]{6}$' }),
  ...callerFields,
  ...sessionFields,
});

/** POST /v1/totps/recovery_codes: the user whose recovery codes to issue. */
export const ServerTotpsRecoveryCodesBody = strict({ user_id: UserId });

/** POST /v1/totps/recover: one of the user's recovery codes (each works once). */
export const ServerTotpsRecoverBody = strict({
  user_id: UserId,
  recovery_code: Type.String({ minLength: 1, maxLength: 64 }),
  ...callerFields,
  ...sessionFields,
});

/** POST /v1/totps answer: the secret, its QR code and ten recovery codes, shown this once. */
export const ServerTotpsCreateResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  totp_id: Type.String(),
  /** Base32, for typing into an authenticator app by hand. */
  secret: Type.String(),
  /** A `data:image/png;base64,…` URL of the `otpauth://` URI. */
  qr_code: Type.String(),
  recovery_codes: Type.Array(Type.String()),
  user: ServerUserSchema,
});

/** POST /v1/totps/authenticate and /recover answer: the session the factor was added to, or the one a completed sign-in made. */
export const ServerTotpsAuthenticateResponse = serverSignInSchema({ totp_id: Type.String() }, {});

/**
 * POST /v1/totps/recovery_codes answer: the user's authenticator apps with their recovery codes.
 * The provider keeps only hashes, so the codes are a new set and the old ones stop working.
 */
export const ServerTotpsRecoveryCodesResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  totps: Type.Array(
    Type.Object({
      totp_id: Type.String(),
      verified: Type.Boolean(),
      recovery_codes: Type.Array(Type.String()),
    }),
  ),
});

export type ServerTotpsCreateRequest = Static<typeof ServerTotpsCreateBody>;
export type ServerTotpsAuthenticateRequest = Static<typeof ServerTotpsAuthenticateBody>;
export type ServerTotpsRecoveryCodesRequest = Static<typeof ServerTotpsRecoveryCodesBody>;
export type ServerTotpsRecoverRequest = Static<typeof ServerTotpsRecoverBody>;
export type ServerTotpsCreateResult = Static<typeof ServerTotpsCreateResponse>;
export type ServerTotpsAuthenticateResult = Static<typeof ServerTotpsAuthenticateResponse>;
export type ServerTotpsRecoveryCodesResult = Static<typeof ServerTotpsRecoveryCodesResponse>;
