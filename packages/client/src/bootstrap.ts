/** @module bootstrap — the project's bootstrap config: fetched once, mapped to camelCase, cached. */

import type { Bootstrap } from '@latchkey/wire';
import type { HttpClient } from './internal/http.js';
import { readJson, subKey, writeJson } from './internal/storage-keys.js';
import type { Logger, StorageLike } from './options.js';

/** Captcha settings, passed through from the wire (the inner key is camelCase there too). */
export type CaptchaSettings = Bootstrap['captcha_settings'];

/** RBAC policy (B2B; carried for completeness). */
export type RbacPolicy = Bootstrap['rbac_policy'];

/** One OAuth provider the project can sign in with (Latchkey's `oauth_providers`, not the official wire's). */
export interface BootstrapOAuthProvider {
  providerType: string;
  /** Google One Tap can run for it. */
  oneTap: boolean;
}

/** The mapped bootstrap config of spec §3 (`objects.md#bootstrap`). */
export interface BootstrapConfig {
  displayWatermark: boolean;
  cnameDomain: string | null;
  emailDomains: string[];
  captchaSettings: CaptchaSettings;
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  pkceRequiredForSso: boolean;
  slugPattern: string | null;
  createOrganizationEnabled: boolean;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  runDFPProtectedAuth: boolean;
  dfpProtectedAuthMode?: 'OBSERVATION' | 'DECISIONING';
  rbacPolicy: RbacPolicy | null;
  siweRequiredForCryptoWallets: boolean;
  /**
   * The OAuth providers the project has configured, when the provider says (Latchkey's provider
   * does; absent from another provider's answer and from the defaults).
   */
  oauthProviders?: BootstrapOAuthProvider[];
}

// The email domain is our own (spec §9: "the provider's own domain"); the rest follows objects.md.
const defaults: BootstrapConfig = {
  displayWatermark: false,
  cnameDomain: null,
  emailDomains: ['latchkey.dev'],
  captchaSettings: { enabled: false },
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  pkceRequiredForSso: false,
  slugPattern: null,
  createOrganizationEnabled: false,
  passwordConfig: null,
  runDFPProtectedAuth: false,
  rbacPolicy: null,
  siweRequiredForCryptoWallets: false,
};
/** The config used until a fetch succeeds, and for the page load when it fails. */
export const DEFAULT_BOOTSTRAP: Readonly<BootstrapConfig> = Object.freeze(defaults);

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `oauth_providers` as `[{providerType, oneTap}]`, or undefined when the answer has no such list. */
function oauthProvidersOf(value: unknown): BootstrapOAuthProvider[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((entry: unknown) => {
    const { provider_type, one_tap } = (entry ?? {}) as { provider_type?: unknown; one_tap?: unknown };
    return typeof provider_type === 'string'
      ? [{ providerType: provider_type, oneTap: one_tap === true }]
      : [];
  });
}

/** Maps the wire's snake_case bootstrap to the config; a missing or odd field takes its default. */
export function mapBootstrap(wire: Record<string, unknown>): BootstrapConfig {
  const d = DEFAULT_BOOTSTRAP;
  const password = wire.password_config as { luds_complexity?: unknown; luds_minimum_count?: unknown } | null;
  const captcha = wire.captcha_settings as CaptchaSettings | undefined;
  const mode = wire.dfp_protected_auth_mode;
  const config: BootstrapConfig = {
    displayWatermark:
      typeof wire.disable_sdk_watermark === 'boolean' ? !wire.disable_sdk_watermark : d.displayWatermark,
    cnameDomain: stringOrNull(wire.cname_domain),
    emailDomains: Array.isArray(wire.email_domains) ? wire.email_domains.map(String) : [...d.emailDomains],
    captchaSettings: captcha && typeof captcha.enabled === 'boolean' ? captcha : { enabled: false },
    pkceRequiredForEmailMagicLinks: bool(wire.pkce_required_for_email_magic_links, false),
    pkceRequiredForPasswordResets: bool(wire.pkce_required_for_password_resets, false),
    pkceRequiredForOAuth: bool(wire.pkce_required_for_oauth, false),
    pkceRequiredForSso: bool(wire.pkce_required_for_sso, false),
    slugPattern: stringOrNull(wire.slug_pattern),
    createOrganizationEnabled: bool(wire.create_organization_enabled, false),
    passwordConfig:
      password && typeof password === 'object'
        ? {
            ludsComplexity: Number(password.luds_complexity),
            ludsMinimumCount: Number(password.luds_minimum_count),
          }
        : null,
    runDFPProtectedAuth: wire.dfp_protected_auth_enabled === true,
    rbacPolicy: (wire.rbac_policy as RbacPolicy | null | undefined) ?? null,
    siweRequiredForCryptoWallets: bool(wire.siwe_required_for_crypto_wallets, false),
  };
  if (mode === 'OBSERVATION' || mode === 'DECISIONING') config.dfpProtectedAuthMode = mode;
  const oauthProviders = oauthProvidersOf(wire.oauth_providers);
  if (oauthProviders) config.oauthProviders = oauthProviders;
  return config;
}

/** Dependencies of the bootstrap loader. */
export interface BootstrapLoaderDeps {
  http: HttpClient;
  storage: StorageLike;
  publicToken: string;
  logger: Logger;
}

/** `client.bootstrap`: the config now (cached or defaults) or once fetched. */
export interface BootstrapMethods {
  getSync(): BootstrapConfig;
  getAsync(): Promise<BootstrapConfig>;
}

/** Fetches the config once per client and caches successful results in localStorage. */
export class BootstrapLoader implements BootstrapMethods {
  readonly #deps: BootstrapLoaderDeps;
  readonly #key: string;
  #current: BootstrapConfig | undefined;
  #pending: Promise<BootstrapConfig> | undefined;

  constructor(deps: BootstrapLoaderDeps) {
    this.#deps = deps;
    this.#key = subKey(deps.publicToken, 'bootstrap');
  }

  /** Starts the fetch (idempotent) and returns its promise; never rejects. */
  getAsync(): Promise<BootstrapConfig> {
    this.#pending ??= this.#load();
    return this.#pending;
  }

  /** The fetched config, else the cached one, else the defaults. */
  getSync(): BootstrapConfig {
    if (this.#current) return this.#current;
    const cached = readJson(this.#deps.storage, this.#key);
    if (typeof cached === 'object' && cached !== null) return { ...DEFAULT_BOOTSTRAP, ...(cached as object) };
    return { ...DEFAULT_BOOTSTRAP, emailDomains: [...DEFAULT_BOOTSTRAP.emailDomains] };
  }

  async #load(): Promise<BootstrapConfig> {
    try {
      const data = await this.#deps.http.request<Record<string, unknown>>({
        method: 'GET',
        path: `/projects/bootstrap/${this.#deps.publicToken}`,
      });
      const config = mapBootstrap(data ?? {});
      this.#current = config;
      writeJson(this.#deps.storage, this.#key, config);
      return config;
    } catch (error) {
      // Defaults for this page load only; they are not cached (objects.md#bootstrap).
      this.#deps.logger.error('Error fetching bootstrap data', error);
      this.#current = { ...DEFAULT_BOOTSTRAP, emailDomains: [...DEFAULT_BOOTSTRAP.emailDomains] };
      return this.#current;
    }
  }
}
