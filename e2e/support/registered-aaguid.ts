// The AAGUID an authenticator put into a passkey registration, read from the request the widget
// sends to the provider, so a test can say which authenticator the provider was told about.
import type { Request } from '@playwright/test';
import {
  convertAAGUIDToString,
  decodeAttestationObject,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';

/** The AAGUID in the attestation object of a `POST /sdk/v1/webauthn/register` request. */
export function registeredAaguid(request: Request): string {
  const body = request.postDataJSON() as { public_key_credential: string };
  const credential = JSON.parse(body.public_key_credential) as { response: { attestationObject: string } };
  const attestation = decodeAttestationObject(isoBase64URL.toBuffer(credential.response.attestationObject));
  const { aaguid } = parseAuthenticatorData(attestation.get('authData'));
  if (!aaguid) throw new Error('the registration carries no attested credential data');
  return convertAAGUIDToString(aaguid);
}

/** True for the registering request. */
export const isRegistration = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/sdk/v1/webauthn/register');
