/** @module server-magic-links.schemas — POST /v1/magic_links/authenticate (server-facing). */
import { Type } from 'typebox';
import { CODE_VERIFIER_PATTERN } from '../../crypto/pkce.js';
import { MfaRequiredSchema, SessionDurationMinutes, SessionSchema } from '../sessions/sessions.schemas.js';
import { UserSchema } from '../users/users.schemas.js';

/**
 * Body: the token from the link the user followed, as the browser-facing call takes it, and the
 * user's session token, which a secondary (add-address) link needs (issue 16).
 */
export const ServerMagicLinkAuthenticateBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});

/**
 * Response: flat like POST /v1/sessions/authenticate, plus user_id and method_id (the email id).
 * On a project that requires MFA: `session: null`, empty tokens, the IST and `mfa_required`.
 */
export const ServerMagicLinkAuthenticateResponse = Type.Object({
  status_code: Type.Integer(),
  request_id: Type.String(),
  user_id: Type.String(),
  method_id: Type.String(),
  session: Type.Union([Type.Null(), SessionSchema]),
  session_token: Type.String(),
  session_jwt: Type.String(),
  user: UserSchema,
  intermediate_session_token: Type.Optional(Type.String()),
  mfa_required: Type.Optional(MfaRequiredSchema),
});
