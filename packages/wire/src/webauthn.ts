/** @module webauthn — the answers of the passkey endpoints (wire/endpoints.md "WebAuthn / passkeys"). */
import { type Static, Type } from 'typebox';
import { authenticateResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';
import { WebAuthnRegistrationSchema } from './user-factors.js';

/** POST /webauthn/register/start: the creation options as a JSON string. */
export const WebAuthnRegisterStartResponse = envelopeSchema({
  user_id: Type.String(),
  public_key_credential_creation_options: Type.String(),
});

/** The authenticate starts: the request options as a JSON string. */
export const WebAuthnAuthenticateStartResponse = envelopeSchema({
  public_key_credential_request_options: Type.String(),
});

/** POST /webauthn/register and /webauthn/authenticate: AuthenticateResponse + webauthn_registration_id. */
export const WebAuthnAuthenticateResponse = authenticateResponseSchema({
  webauthn_registration_id: Type.String(),
});

/** PUT /webauthn/update/{id}. */
export const WebAuthnUpdateResponse = envelopeSchema({ webauthn_registration: WebAuthnRegistrationSchema });

export type WebAuthnUpdateResult = Static<typeof WebAuthnUpdateResponse>['data'];
