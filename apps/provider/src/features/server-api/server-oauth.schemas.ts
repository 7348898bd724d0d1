/** @module server-oauth.schemas — POST /v1/oauth/authenticate (server-facing). */
import { Type } from 'typebox';
import { AuthenticateBody } from '../oauth/oauth.schemas.js';
import { SessionCustomClaimsField } from '../sessions/session-custom-claims.js';

/** Body: the token the app's redirect URL received, as the browser-facing call takes it, and the new session's custom claims. */
export const ServerOAuthAuthenticateBody = Type.Object({
  ...AuthenticateBody.properties,
  session_custom_claims: Type.Optional(SessionCustomClaimsField),
});

/** Response: flat like POST /v1/magic_links/authenticate, with the identity and the upstream's answer (the wire's). */
export { ServerOAuthAuthenticateResponse } from '@latchkey/wire';
