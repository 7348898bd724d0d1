/**
 * @module server-otps.schemas — the server API's passcodes (`/v1/otps/{email,sms,whatsapp}/send|login_or_create`,
 * `/v1/otps/authenticate`): the hosted provider's fields, the browser's limits. Unknown fields are
 * refused, so a misspelt one is a 400 naming it.
 */
import { type TProperties, Type } from 'typebox';
import { EmailSendBody, PhoneSendBody } from '../otps/otps.schemas.js';
import { SessionCustomClaimsField } from '../sessions/session-custom-claims.js';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';
import { ServerAttributesField, SignedInUserFields } from './server-caller.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

const { email, login_template_id, signup_template_id } = EmailSendBody.properties;
const { phone_number, expiration_minutes, locale } = PhoneSendBody.properties;
const attributes = Type.Optional(ServerAttributesField);
const create_user_as_pending = Type.Optional(Type.Boolean());

const emailFields = { email, expiration_minutes, locale, login_template_id, signup_template_id, attributes };
const phoneFields = { phone_number, expiration_minutes, locale, attributes };

/** POST /v1/otps/email/send: a code to a user's address, or (with a user) an address to add. */
export const ServerOtpEmailSendBody = strict({ ...emailFields, ...SignedInUserFields });
/** POST /v1/otps/email/login_or_create. */
export const ServerOtpEmailLoginOrCreateBody = strict({ ...emailFields, create_user_as_pending });
/** POST /v1/otps/sms/send and /v1/otps/whatsapp/send. */
export const ServerOtpPhoneSendBody = strict({ ...phoneFields, ...SignedInUserFields });
/** POST /v1/otps/sms/login_or_create and /v1/otps/whatsapp/login_or_create. */
export const ServerOtpPhoneLoginOrCreateBody = strict({ ...phoneFields, create_user_as_pending });

/**
 * The hosted provider's `options`: Latchkey does not tie a code to the address or browser that
 * asked for it, so asking for either check is refused rather than silently not done.
 */
const MatchOptions = Type.Object(
  {
    ip_match_required: Type.Optional(Type.Literal(false)),
    user_agent_match_required: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false },
);

/** POST /v1/otps/authenticate: the code (`code`, 6 digits) and the method it was sent to. */
export const ServerOtpAuthenticateBody = strict({
  method_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  code: Type.String({ pattern: '^[0-9]{6}$' }),
  attributes,
  options: Type.Optional(MatchOptions),
  session_token: SignedInUserFields.session_token,
  session_jwt: SignedInUserFields.session_jwt,
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  session_custom_claims: Type.Optional(SessionCustomClaimsField),
  telemetry_id: Type.Optional(Type.String({ maxLength: 256 })),
});

export {
  ServerEmailLoginOrCreateResponse,
  ServerEmailSendResponse,
  ServerOtpsAuthenticateResponse,
  ServerPhoneLoginOrCreateResponse,
  ServerPhoneSendResponse,
} from '@latchkey/wire';
