/** @module webauthn.schemas — request and response schemas of the passkey endpoints. */
import { botCheckProperties } from '@latchkey/wire';
import { Type } from 'typebox';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  UserFactorDeleteResponse as DeleteResponse,
  WebAuthnAuthenticateResponse as PasskeyAuthenticateResponse,
  WebAuthnAuthenticateStartResponse as AuthenticateStartResponse,
  WebAuthnRegisterStartResponse as RegisterStartResponse,
  WebAuthnUpdateResponse as UpdateResponse,
} from '@latchkey/wire';

/** SECURITY §2: registration bodies may carry attestation certificate chains. */
export const REGISTER_BODY_LIMIT_BYTES = 256 * 1024;

/** The page's host name, the RP ID to be (checked against the project by requireAllowedRpId). */
const Domain = Type.String({ minLength: 1, maxLength: 253 });
const ReturnPasskeyOptions = Type.Optional(Type.Boolean());

/** Body of POST /webauthn/register/start (wire/endpoints.md "WebAuthn / passkeys"). */
export const RegisterStartBody = Type.Object({
  domain: Domain,
  authenticator_type: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  return_passkey_credential_options: ReturnPasskeyOptions,
  user_agent: Type.Optional(Type.String({ maxLength: 4096 })),
});

/** Body of POST /webauthn/register. */
export const RegisterBody = Type.Object({
  public_key_credential: Type.String({ minLength: 1, maxLength: REGISTER_BODY_LIMIT_BYTES }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
});

/** Body of POST /webauthn/authenticate/start/primary and /secondary. */
export const AuthenticateStartBody = Type.Object({
  domain: Domain,
  return_passkey_credential_options: ReturnPasskeyOptions,
});

/** Body of POST /webauthn/authenticate. */
export const AuthenticateBody = Type.Object({
  public_key_credential: Type.String({ minLength: 1, maxLength: 64 * 1024 }),
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  ...botCheckProperties,
});

/** Path of PUT /webauthn/update/{id} and DELETE /users/webauthn_registrations/{id}. */
export const RegistrationParams = Type.Object({
  webauthn_registration_id: Type.String({ minLength: 1, maxLength: 128 }),
});

/** Body of PUT /webauthn/update/{id}; the service trims and judges the name (registration-name.ts). */
export const UpdateBody = Type.Object({
  name: Type.String({ maxLength: 1024 }),
});
