/**
 * @module projects — the project administration API (`/v1/projects…`, `/v1/operator_keys…`, an
 * operator key; docs/provider-api.md "Project administration"): a project's settings, its OAuth
 * providers (never a secret) and operator keys. Latchkey's own calls; the hosted provider has none.
 */
import { type Static, Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A project as the administration API shows it: every setting, never the secret or its hash. */
export const ProjectObjectSchema = Type.Object({
  project_id: Type.String(),
  name: Type.String(),
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  public_token: Type.String(),
  is_dev: Type.Boolean(),
  vertical: Nullable(Type.Union([Type.Literal('CONSUMER'), Type.Literal('B2B')])),
  allowed_origins: Type.Array(Type.String()),
  allowed_redirect_urls: Type.Array(Type.String()),
  default_login_redirect_url: Nullable(Type.String()),
  default_signup_redirect_url: Nullable(Type.String()),
  enabled_products: Type.Array(Type.String()),
  email_domains: Type.Array(Type.String()),
  password_config: Type.Object({
    strength_policy: Type.Union([Type.Literal('zxcvbn'), Type.Literal('luds')]),
    luds_min_length: Type.Integer(),
    luds_complexity: Type.Integer(),
  }),
  session_default_minutes: Type.Integer(),
  session_max_lifetime_minutes: Type.Integer(),
  magic_link_expiration_minutes: Type.Integer(),
  otp_expiration_minutes: Type.Integer(),
  pkce_required_for_email_magic_links: Type.Boolean(),
  pkce_required_for_password_resets: Type.Boolean(),
  pkce_required_for_oauth: Type.Boolean(),
  disable_sdk_watermark: Type.Boolean(),
  siwe_required_for_crypto_wallets: Type.Boolean(),
  mfa_required: Type.Boolean(),
  captcha: Type.Object({ site_key: Nullable(Type.String()), min_score: Type.Number() }),
  /** The limits in force, by their snake_case keys (docs/provider-api.md "Send limits"). */
  send_limits: Type.Record(Type.String(), Type.Integer()),
  /** Claims added to every session JWT of the project, under each session's own (docs: custom claims). */
  session_custom_claims_template: Type.Record(Type.String(), Type.Unknown()),
  /** After a rotation, until when the replaced secret is still accepted; null when none is. */
  previous_secret_expires_at: Nullable(Type.String()),
  created_at: Type.String(),
  /** Who the project's emails come from (display name, address); null = the deployment's LATCHKEY_MAIL_FROM part. */
  email_sender_name: Nullable(Type.String()),
  email_sender_address: Nullable(Type.String()),
  /** The project's SMS sender (alphanumeric sender id or E.164); null = the deployment's LATCHKEY_SMS_FROM. */
  sms_sender: Nullable(Type.String()),
});
export type ProjectObject = Static<typeof ProjectObjectSchema>;

/** The settings a create or PATCH may carry (each optional; a create needs `name`). */
export type ProjectSettings = Partial<
  Omit<
    ProjectObject,
    | 'project_id'
    | 'environment'
    | 'public_token'
    | 'is_dev'
    | 'previous_secret_expires_at'
    | 'created_at'
    | 'vertical'
    | 'password_config'
    | 'captcha'
    | 'send_limits'
  >
> & {
  /** `consumer`, `b2b`, `none` (any case), `CONSUMER`, `B2B` or null. */
  vertical?: string | null;
  password_config?: Partial<ProjectObject['password_config']>;
  captcha?: { site_key: string | null; min_score?: number };
  /** A limit's key → its value; null drops the project's override. */
  send_limits?: Record<string, number | null>;
};

/** An upstream OAuth provider of a project, as listed: secrets only as whether they are set. */
export const OAuthProviderSummarySchema = Type.Object({
  provider_type: Type.String(),
  kind: Type.Union([Type.Literal('oidc'), Type.Literal('oauth2')]),
  client_id: Type.String(),
  client_secret_set: Type.Boolean(),
  issuer: Nullable(Type.String()),
  authorization_endpoint: Nullable(Type.String()),
  token_endpoint: Nullable(Type.String()),
  jwks_uri: Nullable(Type.String()),
  userinfo_endpoint: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  apple_team_id: Nullable(Type.String()),
  apple_key_id: Nullable(Type.String()),
  apple_private_key_set: Type.Boolean(),
  secrets_sealed: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type OAuthProviderSummary = Static<typeof OAuthProviderSummarySchema>;

/** The PUT body of an OAuth provider; anything left out comes from the provider's preset. */
export interface OAuthProviderInput {
  client_id: string;
  client_secret?: string;
  kind?: 'oidc' | 'oauth2';
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  jwks_uri?: string;
  userinfo_endpoint?: string;
  scopes?: string[];
  apple?: { team_id: string; key_id: string; private_key: string };
}

/** An operator key (never its credential). */
export const OperatorKeyObjectSchema = Type.Object({
  key_id: Type.String(),
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
});
export type OperatorKeyObject = Static<typeof OperatorKeyObjectSchema>;
