/** @module oauth-factor — the session factor an OAuth sign-in proves (wire/objects.md AuthenticationFactor). */
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { AuthenticationFactor, OAuthFactorDetail } from '../sessions/sessions.table.js';
import type { OAuthRegistrationRow } from './oauth.table.js';

/** `{type:'oauth', delivery_method:'oauth_{provider}', {provider}_oauth_factor:{id, email_id?, provider_subject}}`. */
export function oauthFactor(registration: OAuthRegistrationRow, at: Date): AuthenticationFactor {
  const detail: OAuthFactorDetail = { id: registration.id, provider_subject: registration.provider_subject };
  if (registration.email_id !== null) detail.email_id = registration.email_id;
  return authenticationFactor('oauth', `oauth_${registration.provider_type}`, at, {
    [`${registration.provider_type}_oauth_factor`]: detail,
  });
}
