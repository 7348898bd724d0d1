/** @module otps — the answers of the one-time passcode endpoints (wire/endpoints.md "One-time passcodes"). */
import { type Static, Type } from 'typebox';
import { signInResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';

/** The email sends: the same shape whether or not the address has an account (SECURITY E3). */
export const OtpsEmailSendResponse = envelopeSchema({
  user_id: Type.String(),
  method_id: Type.String(),
  email_id: Type.String(),
});

/** The SMS and WhatsApp sends. */
export const OtpsPhoneSendResponse = envelopeSchema({
  user_id: Type.String(),
  method_id: Type.String(),
  phone_id: Type.String(),
});

/** POST /otps/authenticate: the sign-in plus the factor the code belonged to. */
export const OtpsAuthenticateResponse = signInResponseSchema({ method_id: Type.String() });

export type OtpsEmailSendResult = Static<typeof OtpsEmailSendResponse>['data'];
export type OtpsPhoneSendResult = Static<typeof OtpsPhoneSendResponse>['data'];
export type OtpsAuthenticateResponseData = Static<typeof OtpsAuthenticateResponse>['data'];
