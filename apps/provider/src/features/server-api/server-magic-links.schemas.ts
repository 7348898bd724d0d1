/** @module server-magic-links.schemas — POST /v1/magic_links/authenticate (server-facing). */
import { Type } from 'typebox';
import { CODE_VERIFIER_PATTERN } from '../../crypto/pkce.js';
import { SessionCustomClaimsField } from '../sessions/session-custom-claims.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';
import { ServerAttributesField } from './server-caller.js';

/**
 * Body: the token from the link the user followed, as the browser-facing call takes it, and the
 * user's session token, which a secondary (add-address) link needs (issue 16).
 */
export const ServerMagicLinkAuthenticateBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  session_custom_claims: Type.Optional(SessionCustomClaimsField),
  /** The end user's address and browser, recorded on the new session (the caller's when absent). */
  attributes: Type.Optional(ServerAttributesField),
});

/** Response: flat like POST /v1/sessions/authenticate, plus user_id and method_id (the wire's). */
export { ServerMagicLinksAuthenticateResponse as ServerMagicLinkAuthenticateResponse } from '@latchkey/wire';
