/** @module oauth-provider-object — the wire User.providers[] entry: one linked upstream identity. */
import type { OAuthRegistration } from '@latchkey/wire';

export { OAuthRegistrationSchema as OAuthProviderSchema } from '@latchkey/wire';

/** The wire provider entry. */
export type WireOAuthProvider = OAuthRegistration;

/** The registration columns the wire entry shows. */
export interface OAuthProviderSummary {
  id: string;
  provider_type: string;
  provider_subject: string;
  profile_picture_url: string;
  locale: string;
}

/** Summary → wire entry. */
export function toWireOAuthProvider(row: OAuthProviderSummary): WireOAuthProvider {
  return {
    oauth_user_registration_id: row.id,
    provider_subject: row.provider_subject,
    provider_type: row.provider_type,
    profile_picture_url: row.profile_picture_url,
    locale: row.locale,
  };
}
