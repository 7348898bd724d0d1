/** @module server-sessions.schemas — POST /v1/sessions/authenticate (server-facing, docs/contracts.md). */
import { Type } from 'typebox';
import { SessionCustomClaimsField } from '../sessions/session-custom-claims.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

/** Body: a session token or a session JWT, and an optional extension. */
export const ServerAuthenticateBody = Type.Object({
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  session_jwt: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  /** Merged into the session's custom claims (null removes a key); every later JWT carries them. */
  session_custom_claims: Type.Optional(SessionCustomClaimsField),
});

/** Response: flat, not wrapped in `data` (the wire's). */
export { ServerSessionsAuthenticateResponse as ServerAuthenticateResponse } from '@latchkey/wire';
