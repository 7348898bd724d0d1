/** @module oauth.schemas — request and response schemas of the OAuth endpoints (redirect flow and /sdk/v1). */
import { type Static, Type } from 'typebox';
import { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN } from '../../crypto/pkce.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  OAuthAuthenticateResponse,
  ProviderValuesSchema,
  UserFactorDeleteResponse as DeleteResponse,
} from '@latchkey/wire';

/** `{provider}` of the redirect routes; whether it is a known name is the route's to say (400 invalid_request). */
export const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 64 }) });

const Url = Type.String({ minLength: 1, maxLength: 2048 });

/**
 * Query of GET /v1/public/oauth/{provider}/start (wire/endpoints.md "OAuth"). `provider_{k}`
 * parameters pass through (each a single string); anything else unknown is ignored.
 */
export const StartQuery = Type.Object(
  {
    public_token: Type.String({ minLength: 1, maxLength: 256 }),
    code_challenge: Type.Optional(Type.String({ pattern: CODE_CHALLENGE_PATTERN })),
    custom_scopes: Type.Optional(Type.String({ maxLength: 2048 })),
    login_redirect_url: Type.Optional(Url),
    signup_redirect_url: Type.Optional(Url),
  },
  { additionalProperties: true },
);
export type StartInput = Static<typeof StartQuery>;

/** What the upstream sends back (query for GET, form body for Apple's form_post); `user` is Apple's first-time name. */
export const CallbackInput = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 256 })),
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    user: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: true },
);
export type CallbackFields = Static<typeof CallbackInput>;

/** Body of POST /sdk/v1/oauth/authenticate. */
export const AuthenticateBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
});
export type AuthenticateInput = Static<typeof AuthenticateBody>;

/** Path of DELETE /sdk/v1/users/oauth/{oauth_user_registration_id}. */
export const RegistrationParams = Type.Object({
  oauth_user_registration_id: Type.String({ minLength: 1, maxLength: 128 }),
});
