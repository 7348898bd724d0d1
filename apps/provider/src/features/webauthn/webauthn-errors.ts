/** @module webauthn-errors — the 400/401/404 of the passkey ceremonies and their messages. */
import { ApiError, isApiError } from '../../errors/api-error.js';

/** 400 invalid_webauthn_response: the response cannot be decoded (JSON, base64url, UTF-8, CBOR, sizes). */
export function malformed(message: string): ApiError {
  return new ApiError('invalid_webauthn_response', { message });
}

/** 401 webauthn_verification_failed: well-formed, but a check of WebAuthn L3 §7.1/§7.2 failed. */
export function rejected(message: string): ApiError {
  return new ApiError('webauthn_verification_failed', { message });
}

/** 404 webauthn_registration_not_found for a credential id no registration has. */
export function unknownCredential(): ApiError {
  return new ApiError('webauthn_registration_not_found', {
    message:
      'No passkey with this credential id is registered in this project (it may have been removed). Sign in another way.',
  });
}

/** The 401 messages the ceremonies give, one per failed check. */
export const VERIFICATION_MESSAGES = {
  challenge: 'The challenge is unknown, already used or expired. Start the ceremony again.',
  ceremonyRegister:
    'This challenge was issued for signing in, not for registration. Call /webauthn/register/start first.',
  ceremonyAuthenticate:
    'This challenge was issued for registering a passkey, not for signing in. Call /webauthn/authenticate/start/primary or /secondary first.',
  session:
    'This challenge was issued to another session: send the session token of the session that started the ceremony.',
  crossOrigin:
    'Ceremonies run in a cross-origin iframe are not accepted (clientDataJSON.crossOrigin / topOrigin).',
  up: 'The authenticator did not report user presence (UP flag clear).',
  uv: 'User verification was required, but the authenticator did not verify the user (UV flag clear).',
  backupState:
    'The authenticator reported a backed-up credential that is not backup-eligible (BS set, BE clear).',
  otherUser: 'This passkey belongs to another account.',
  userHandle: 'The userHandle does not match the account this passkey is registered to.',
  userHandleChanged:
    "This account's passkey user handle was set after this ceremony started. Call /webauthn/register/start again.",
  backupEligibility: 'The backup eligibility (BE flag) of this passkey changed since it was registered.',
  counter:
    'The signature counter did not increase. This passkey is bound to one device, so it may have been cloned; it was refused.',
  signature: 'The signature does not verify with the registered public key.',
  signatureEncoding:
    'The signature is not a DER-encoded ECDSA signature (SEQUENCE of two INTEGERs, nothing after).',
  attestation: 'The attestation statement of the new credential did not verify.',
  alreadyRegistered:
    'This passkey is already registered (to this or another account) and cannot be registered again.',
} as const;

/** The 401 for a clientDataJSON.type other than the endpoint's. */
export function wrongType(type: string, expected: 'webauthn.create' | 'webauthn.get'): ApiError {
  return rejected(`clientDataJSON.type is ${JSON.stringify(type)}; this endpoint expects "${expected}".`);
}

/** The 401 for an origin the project does not accept for this RP ID. */
export function wrongOrigin(origin: string, rpId: string): ApiError {
  return rejected(
    `The origin ${JSON.stringify(origin)} in clientDataJSON is not an allowed origin of this project on the RP ID "${rpId}".`,
  );
}

/** The 401 for an rpIdHash that is not SHA-256 of the challenge's RP ID. */
export function wrongRpId(rpId: string): ApiError {
  return rejected(`The authenticator signed for another RP ID than "${rpId}" (rpIdHash mismatch).`);
}

/** The 401 for a credential scoped to another RP ID than the ceremony's. */
export function wrongDomain(domain: string, rpId: string): ApiError {
  return rejected(`This passkey is registered for "${domain}", not for "${rpId}".`);
}

/**
 * Turns whatever @simplewebauthn/server threw into our 401. The response was decoded and checked
 * structurally before it got there, so what remains is verification (an unsupported key
 * algorithm, a bad attestation statement, invalid backup flags, a bad signature encoding).
 * Our own ApiErrors pass through unchanged.
 */
export function asVerificationFailure(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const reason = error instanceof Error && error.message ? error.message : 'unknown reason';
  return new ApiError('webauthn_verification_failed', {
    message: `The passkey response failed verification: ${reason.slice(0, 300)}`,
    cause: error,
  });
}
