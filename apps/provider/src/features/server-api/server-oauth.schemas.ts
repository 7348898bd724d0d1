/** @module server-oauth.schemas — POST /v1/oauth/authenticate (server-facing). */
import { Type } from 'typebox';
import { AuthenticateBody, ProviderValuesSchema } from '../oauth/oauth.schemas.js';
import { MfaRequiredSchema, SessionSchema } from '../sessions/sessions.schemas.js';
import { UserSchema } from '../users/users.schemas.js';

/** Body: the token the app's redirect URL received, as the browser-facing call takes it. */
export const ServerOAuthAuthenticateBody = AuthenticateBody;

/**
 * Response: flat like POST /v1/magic_links/authenticate, with the linked identity's id, plus what
 * the upstream said (as POST /sdk/v1/oauth/authenticate); the IST fields when the project requires MFA.
 */
export const ServerOAuthAuthenticateResponse = Type.Object({
  status_code: Type.Integer(),
  request_id: Type.String(),
  user_id: Type.String(),
  oauth_user_registration_id: Type.String(),
  session: Type.Union([Type.Null(), SessionSchema]),
  session_token: Type.String(),
  session_jwt: Type.String(),
  user: UserSchema,
  provider_subject: Type.String(),
  provider_type: Type.String(),
  profile_picture_url: Type.String(),
  locale: Type.String(),
  provider_values: ProviderValuesSchema,
  intermediate_session_token: Type.Optional(Type.String()),
  mfa_required: Type.Optional(MfaRequiredSchema),
});
