/** @module webauthn-factor — the session factor a passkey ceremony adds (wire/objects.md AuthenticationFactor). */
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import type { WebauthnRegistrationRow } from './webauthn.table.js';

/** `{type: "webauthn", delivery_method: "webauthn_registration", webauthn_factor: {…}}`. */
export function webauthnFactor(
  registration: Pick<WebauthnRegistrationRow, 'id' | 'domain' | 'user_agent'>,
  now: Date,
): AuthenticationFactor {
  return authenticationFactor('webauthn', 'webauthn_registration', now, {
    webauthn_factor: {
      webauthn_registration_id: registration.id,
      domain: registration.domain,
      user_agent: registration.user_agent,
    },
  });
}
