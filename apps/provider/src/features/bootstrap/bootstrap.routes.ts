/** @module bootstrap.routes — GET /projects/bootstrap/{public_token} under /sdk/v1. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { assertOriginAllowed, requireProjectByPublicToken } from '../../plugins/project-auth.js';
import type { ConfiguredOAuthProvider, OAuthConfigSource } from '../oauth/oauth-config-source.js';
import type { Project } from '../projects/project.js';
import { type Bootstrap, BootstrapParams, BootstrapResponse } from './bootstrap.schemas.js';

/** The public configuration the SDK and widget read (wire/objects.md "Bootstrap"). */
export function toBootstrap(project: Project, oauthProviders: readonly ConfiguredOAuthProvider[]): Bootstrap {
  return {
    disable_sdk_watermark: project.disableSdkWatermark,
    // The official 6.x widget names the project on its consent and logout screens.
    project_name: project.name,
    cname_domain: null,
    email_domains: project.emailDomains,
    // Off unless the project has a site key, so a default install asks for no third-party script
    // (wire/README.md); the inner key stays camelCase, as the SDK passes it through (wire/objects.md).
    captcha_settings:
      project.captchaSiteKey === null
        ? { enabled: false }
        : { enabled: true, siteKey: project.captchaSiteKey },
    pkce_required_for_email_magic_links: project.pkceRequiredForEmailMagicLinks,
    pkce_required_for_password_resets: project.pkceRequiredForPasswordResets,
    pkce_required_for_oauth: project.pkceRequiredForOauth,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: {
      luds_complexity: project.passwordConfig.ludsComplexity,
      luds_minimum_count: project.passwordConfig.ludsMinimumCount,
    },
    dfp_protected_auth_enabled: false,
    // Projects have no roles yet: the wire's empty policy, because null makes the official
    // clients log "Unable to retrieve RBAC policy" on every page load.
    rbac_policy: { roles: [], resources: [] },
    vertical: project.vertical,
    siwe_required_for_crypto_wallets: project.siweRequiredForCryptoWallets,
    // Not in the official SDK's bootstrap (it ignores the key): the widget offers these providers only.
    oauth_providers: oauthProviders.map((provider) => ({
      provider_type: provider.providerType,
      one_tap: provider.oneTap,
    })),
  };
}

/**
 * The project comes from the path; Basic auth is not required (the data is public and the SDK
 * may call this before it has any credentials it trusts), but the origin is still checked.
 */
export const bootstrapRoutes: FastifyPluginAsyncTypebox<{ configs: OAuthConfigSource }> = async (
  app,
  options,
) => {
  app.get(
    '/projects/bootstrap/:public_token',
    { schema: { params: BootstrapParams, response: { 200: BootstrapResponse } } },
    async (request, reply) => {
      const project = await requireProjectByPublicToken(
        request.server.projectLookup,
        request.params.public_token,
      );
      assertOriginAllowed(request, reply, project);
      return ok(request, toBootstrap(project, await options.configs.list(project)));
    },
  );
};
