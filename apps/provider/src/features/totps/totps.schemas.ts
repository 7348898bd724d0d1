/** @module totps.schemas — request and response schemas of the TOTP endpoints (wire/endpoints.md "TOTP"). */
import { botCheckProperties } from '@latchkey/wire';
import { type Static, Type } from 'typebox';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  TotpsAuthenticateResponse as AuthenticateResponse,
  TotpsCreateResponse as CreateResponse,
  TotpsRecoveryCodesResponse as RecoveryCodesResponse,
  UserFactorDeleteResponse as DeleteResponse,
} from '@latchkey/wire';

/** Body of POST /totps: minutes to confirm the new TOTP with a first code (default 30). */
export const CreateBody = Type.Object({
  expiration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 1440 })),
});

/** Body of POST /totps/authenticate. */
export const AuthenticateBody = Type.Object({
  totp_code: Type.String({ pattern: '^[0-9]{6}$' }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

/** Body of POST /totps/recover; the code's form is judged by normaliseRecoveryCode (a bad one is a failed attempt). */
export const RecoverBody = Type.Object({
  recovery_code: Type.String({ minLength: 1, maxLength: 64 }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

export type AuthenticateInput = Static<typeof AuthenticateBody>;
export type RecoverInput = Static<typeof RecoverBody>;

/** Path of DELETE /users/totps/{totp_id}. */
export const TotpParams = Type.Object({ totp_id: Type.String({ minLength: 1, maxLength: 128 }) });
