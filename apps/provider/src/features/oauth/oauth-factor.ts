/** @module oauth-factor — the session factor an OAuth sign-in proves (wire/objects.md AuthenticationFactor). */
import type { AuthenticationFactor, OAuthFactorDetail } from '../sessions/sessions.table.js';
import type { OAuthRegistrationRow } from './oauth.table.js';

/** `{type:'oauth', delivery_method:'oauth_{provider}', {provider}_oauth_factor:{id, email_id?, provider_subject}}`. */
export function oauthFactor(registration: OAuthRegistrationRow, at: Date): AuthenticationFactor {
  const detail: OAuthFactorDetail = { id: registration.id, provider_subject: registration.provider_subject };
  if (registration.email_id !== null) detail.email_id = registration.email_id;
  const factor: AuthenticationFactor = {
    type: 'oauth',
    delivery_method: `oauth_${registration.provider_type}`,
    last_authenticated_at: at.toISOString(),
  };
  factor[`${registration.provider_type}_oauth_factor`] = detail;
  return factor;
}
