/** @module otps.schemas — request and response schemas of the one-time passcode endpoints. */
import { botCheckProperties, Locale } from '@latchkey/wire';
import { type Static, Type } from 'typebox';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  OtpsAuthenticateResponse as AuthenticateResponse,
  OtpsEmailSendResponse as EmailSendResponse,
  OtpsPhoneSendResponse as PhoneSendResponse,
} from '@latchkey/wire';

/** Minutes a code lives: 1 to 10 (SECURITY §2, ASVS 6.5.5). */
const ExpirationMinutes = Type.Integer({ minimum: 1, maximum: 10 });
const ShortText = Type.String({ maxLength: 256 });

/**
 * A phone number as typed. Control characters (CR, LF, NUL, …) are refused here, before any
 * parsing (SECURITY F6); the number itself is checked by normalisePhoneNumber.
 */
const PhoneNumber = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
});

/** Body of /otps/email/* (wire/endpoints.md "One-time passcodes"). */
export const EmailSendBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  expiration_minutes: Type.Optional(ExpirationMinutes),
  login_template_id: Type.Optional(ShortText),
  signup_template_id: Type.Optional(ShortText),
  locale: Type.Optional(Locale),
  ...botCheckProperties,
});

/** Body of /otps/sms/* and /otps/whatsapp/* (the autofill fields are accepted and ignored). */
export const PhoneSendBody = Type.Object({
  phone_number: PhoneNumber,
  expiration_minutes: Type.Optional(ExpirationMinutes),
  locale: Type.Optional(Locale),
  enable_autofill: Type.Optional(Type.Boolean()),
  autofill_session_duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 525600 })),
  ...botCheckProperties,
});

export type EmailSendInput = Static<typeof EmailSendBody>;
export type PhoneSendInput = Static<typeof PhoneSendBody>;

/** Body of POST /otps/authenticate: the 6-digit code as a string, and the method it was sent to. */
export const AuthenticateBody = Type.Object({
  token: Type.String({ pattern: '^[0-9]{6}$' }),
  method_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

export type AuthenticateInput = Static<typeof AuthenticateBody>;
