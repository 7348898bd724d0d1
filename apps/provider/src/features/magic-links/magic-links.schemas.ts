/** @module magic-links.schemas — request and response schemas of the magic-link endpoints. */
import { botCheckProperties, Locale } from '@latchkey/wire';
import { type Static, Type } from 'typebox';
import { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN } from '../../crypto/pkce.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  MagicLinksAuthenticateResponse as AuthenticateResponse,
  MagicLinksSendResponse as SendResponse,
} from '@latchkey/wire';

/** Minutes a link lives: 5 minutes to 7 days. */
const ExpirationMinutes = Type.Integer({ minimum: 5, maximum: 10080 });
const Url = Type.String({ minLength: 1, maxLength: 2048 });
const ShortText = Type.String({ maxLength: 256 });

/** Body of the three send endpoints (wire/endpoints.md "Magic links"), plus create_user_as_pending. */
export const SendBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  login_magic_link_url: Type.Optional(Url),
  signup_magic_link_url: Type.Optional(Url),
  login_expiration_minutes: Type.Optional(ExpirationMinutes),
  signup_expiration_minutes: Type.Optional(ExpirationMinutes),
  login_template_id: Type.Optional(ShortText),
  signup_template_id: Type.Optional(ShortText),
  locale: Type.Optional(Locale),
  code_challenge: Type.Optional(Type.String({ pattern: CODE_CHALLENGE_PATTERN })),
  // SECURITY H3: only S256 exists; "plain" is refused at the start of the flow.
  code_challenge_method: Type.Optional(Type.Literal('S256')),
  create_user_as_pending: Type.Optional(Type.Boolean()),
  ...botCheckProperties,
});

/** The validated send body. */
export type SendInput = Static<typeof SendBody>;

/** Body of POST /magic_links/authenticate. */
export const AuthenticateBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  code_verifier: Type.Optional(Type.String({ pattern: CODE_VERIFIER_PATTERN })),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

/** The validated authenticate body. */
export type AuthenticateInput = Static<typeof AuthenticateBody>;
