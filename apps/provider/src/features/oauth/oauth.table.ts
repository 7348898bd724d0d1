/** @module oauth.table — upstream configurations, flow states, linked identities and the sign-in tokens of OAuth. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { RevocableColumns, SingleUseColumns, UserOwnedColumns } from '../../db/shared-columns.js';

/** How a stored secret is kept: sealed by crypto/key-encryption.ts, or as given. */
export type SecretEncryption = 'aes-256-gcm' | 'none';

/**
 * Columns of `oauth_provider_configs`: one upstream per (project, provider_type), stored as
 * validated (presets applied, upstream/upstream-config.ts); null where a value does not apply.
 */
export interface OAuthProviderConfigsTable {
  project_id: string;
  /** One of the wire's provider names (upstream/provider-types.ts). */
  provider_type: string;
  kind: 'oidc' | 'oauth2';
  client_id: string;
  /** Sealed when secret_encryption says so; null for Apple, whose secret is a JWT made per exchange. */
  client_secret: string | null;
  issuer: string | null;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  jwks_uri: string | null;
  userinfo_endpoint: string | null;
  scopes: JsonColumn<string[]>;
  apple_team_id: string | null;
  apple_key_id: string | null;
  /** PKCS#8 PEM of Apple's ES256 key; sealed like client_secret. */
  apple_private_key: string | null;
  secret_encryption: SecretEncryption;
  created_at: Date;
  updated_at: Date;
}

/** Columns of `oauth_states`: one redirect to an upstream, usable once within 10 minutes. */
export interface OAuthStatesTable extends SingleUseColumns {
  /** SHA-256 (base64url) of the `state` sent upstream and kept in the browser's cookie. */
  state_hash: string;
  project_id: string;
  provider_type: string;
  /** The OpenID nonce sent upstream (null for plain OAuth 2, which has no ID token). */
  nonce: string | null;
  /** Our PKCE verifier towards the upstream (RFC 7636), sent with the code exchange. */
  code_verifier: string;
  /** The app's own PKCE challenge, handed on to the sign-in token. */
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
  custom_scopes: JsonColumn<string[]>;
}

/**
 * Columns of `oauth_registrations`: an upstream identity linked to a user (wire User.providers[]);
 * id: the wire `oauth_user_registration_id` (`oauth-user-registration-{env}-{uuid}`).
 */
export interface OAuthRegistrationsTable extends UserOwnedColumns {
  provider_type: string;
  issuer: string;
  provider_subject: string;
  /** The user's address the upstream vouched for at linking, when it had one. */
  email_id: string | null;
  profile_picture_url: string;
  locale: string;
  last_authenticated_at: Date;
}

/** Columns of `oauth_tokens`: the token of `?stytch_token_type=oauth&token=…`, single use, 10 minutes. */
export interface OAuthTokensTable extends RevocableColumns {
  token_hash: string;
  project_id: string;
  user_id: string;
  registration_id: string;
  /** Where the token was sent (SECURITY C1: fixed at issue time). */
  redirect_url: string;
  code_challenge: string | null;
  /** The upstream's tokens as JSON (sealed when configured); erased when the token is redeemed. */
  provider_values: string | null;
  provider_values_encryption: SecretEncryption;
  /** The fifth failed PKCE attempt revokes the token (SECURITY H1). */
  failed_attempts: number;
}

export type OAuthProviderConfigRow = Selectable<OAuthProviderConfigsTable>;
export type NewOAuthProviderConfigRow = Insertable<OAuthProviderConfigsTable>;
export type OAuthStateRow = Selectable<OAuthStatesTable>;
export type NewOAuthStateRow = Insertable<OAuthStatesTable>;
export type OAuthRegistrationRow = Selectable<OAuthRegistrationsTable>;
export type NewOAuthRegistrationRow = Insertable<OAuthRegistrationsTable>;
export type OAuthRegistrationUpdate = Updateable<OAuthRegistrationsTable>;
export type OAuthTokenRow = Selectable<OAuthTokensTable>;
export type NewOAuthTokenRow = Insertable<OAuthTokensTable>;
