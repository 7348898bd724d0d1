/** @module server-oauth.schemas — POST /v1/oauth/authenticate (server-facing). */
import { AuthenticateBody } from '../oauth/oauth.schemas.js';

/** Body: the token the app's redirect URL received, as the browser-facing call takes it. */
export const ServerOAuthAuthenticateBody = AuthenticateBody;

/** Response: flat like POST /v1/magic_links/authenticate, with the identity and the upstream's answer (the wire's). */
export { ServerOAuthAuthenticateResponse } from '@latchkey/wire';
