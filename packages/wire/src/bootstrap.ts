/** @module bootstrap — `GET /projects/bootstrap/{public_token}` (wire/objects.md "Bootstrap"). */
import { type Static, Type } from 'typebox';
import { envelopeSchema } from './envelope.js';

/** `rbac_policy`: roles with their permissions, and the resources they name. */
export const RbacPolicySchema = Type.Object({
  roles: Type.Array(
    Type.Object({
      role_id: Type.String(),
      description: Type.String(),
      permissions: Type.Array(
        Type.Object({ resource_id: Type.String(), actions: Type.Array(Type.String()) }),
      ),
    }),
  ),
  resources: Type.Array(
    Type.Object({
      resource_id: Type.String(),
      description: Type.String(),
      actions: Type.Array(Type.String()),
    }),
  ),
});

/** The bootstrap fields, snake_case as on the wire. */
export const BootstrapFields = Type.Object({
  disable_sdk_watermark: Type.Boolean(),
  project_name: Type.String(),
  cname_domain: Type.Null(),
  email_domains: Type.Array(Type.String()),
  captcha_settings: Type.Union([
    Type.Object({ enabled: Type.Literal(false) }),
    Type.Object({ enabled: Type.Literal(true), siteKey: Type.String() }),
  ]),
  pkce_required_for_email_magic_links: Type.Boolean(),
  pkce_required_for_password_resets: Type.Boolean(),
  pkce_required_for_oauth: Type.Boolean(),
  pkce_required_for_sso: Type.Boolean(),
  slug_pattern: Type.Null(),
  create_organization_enabled: Type.Boolean(),
  // Must be present: without the key the SDK silently falls back to all defaults.
  password_config: Type.Object({ luds_complexity: Type.Integer(), luds_minimum_count: Type.Integer() }),
  dfp_protected_auth_enabled: Type.Boolean(),
  rbac_policy: RbacPolicySchema,
  vertical: Type.Union([Type.Literal('CONSUMER'), Type.Literal('B2B'), Type.Null()]),
  siwe_required_for_crypto_wallets: Type.Boolean(),
  // Latchkey's own: the OAuth providers the project can sign in with (docs/provider-api.md).
  oauth_providers: Type.Array(Type.Object({ provider_type: Type.String(), one_tap: Type.Boolean() })),
});

/** Response schema. */
export const BootstrapResponse = envelopeSchema(BootstrapFields.properties);

/** The bootstrap data as the provider sends it. */
export type Bootstrap = Static<typeof BootstrapFields>;
