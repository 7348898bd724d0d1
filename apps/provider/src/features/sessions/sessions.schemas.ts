/** @module sessions.schemas — the /sessions request schemas; the Session and the answers are `@latchkey/wire`'s. */
import type { Session } from '@latchkey/wire';
import { Type } from 'typebox';

export {
  AuthenticationFactorSchema,
  authenticateResponseSchema,
  MfaRequiredSchema,
  SessionSchema,
  SessionsAuthenticateResponse,
  SessionsRevokeResponse,
  signInResponseSchema,
} from '@latchkey/wire';

/** The wire Session. */
export type WireSession = Session;

/** session_duration_minutes: 5 minutes to 366 days' worth (525 600) as the hosted API allows. */
export const SessionDurationMinutes = Type.Integer({ minimum: 5, maximum: 525600 });

/** POST /sessions/authenticate body. The background refresh sends `{}` or nothing. */
export const SessionsAuthenticateBody = Type.Object({
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
});
