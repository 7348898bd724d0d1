/**
 * @module discovery — OpenID Provider metadata (OpenID Connect Discovery 1.0), fetched from the
 * issuer, checked, and cached for an hour.
 */
import type { Clock } from '../../../clock.js';
import { ApiError } from '../../../errors/api-error.js';
import { createTtlCache } from '../../../ttl-cache.js';
import { MICROSOFT_TENANT_PLACEHOLDER } from './presets.js';
import type { OAuthProviderType } from './provider-types.js';
import { asObject, fetchUpstream, readJson, type UpstreamHttp } from './upstream-http.js';
import { upstreamUrlProblem } from './upstream-url.js';

/** Metadata changes rarely; an hour keeps sign-ins from asking each time. */
export const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Issuers come from project configuration; the bound keeps memory flat whatever operators do. */
const DISCOVERY_CACHE_ENTRIES = 512;

/** The parts of the metadata the provider uses. */
export interface OpenIdMetadata {
  /** As the document names it; for Microsoft's multi-tenant issuers this holds `{tenantid}`. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint?: string;
}

/** Fetches and caches metadata per issuer. */
export interface Discovery {
  /** The issuer's metadata; an unreachable or inconsistent document is a 503 with a clear message. */
  metadata(issuer: string, providerType: OAuthProviderType): Promise<OpenIdMetadata>;
}

/** Creates an empty discovery cache. */
export function createDiscovery(deps: { http: UpstreamHttp; clock: Clock }): Discovery {
  const cache = createTtlCache<string, OpenIdMetadata>({
    clock: deps.clock,
    ttlMs: DISCOVERY_TTL_MS,
    maxEntries: DISCOVERY_CACHE_ENTRIES,
  });
  return {
    async metadata(issuer, providerType) {
      const found = await cache.get(`${providerType} ${issuer}`, () => load(deps.http, issuer, providerType));
      // `load` never resolves to undefined; this only satisfies the cache's read-through type.
      if (!found) throw unusable(issuer, 'came back empty');
      return found;
    },
  };
}

async function load(
  http: UpstreamHttp,
  issuer: string,
  providerType: OAuthProviderType,
): Promise<OpenIdMetadata> {
  // Discovery §4: the issuer, without a trailing slash, plus the well-known path.
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetchUpstream(
    http,
    url,
    { headers: { Accept: 'application/json' } },
    'discovery document',
  );
  if (response.status !== 200) throw unusable(issuer, `answered HTTP ${response.status}`);
  const document = asObject(await readJson(response, 'discovery document'));
  if (!document) throw unusable(issuer, 'is not a JSON object');

  const named = document.issuer;
  // Discovery §4.3: the document must name the issuer it was fetched for, else a look-alike
  // could hand out another issuer's endpoints and keys.
  if (typeof named !== 'string' || !issuerMatches(named, issuer, providerType)) {
    throw unusable(issuer, `names the issuer ${JSON.stringify(named)}`);
  }
  const endpoint = (field: string, required: boolean): string | undefined => {
    const value = document[field];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string') throw unusable(issuer, `has no ${field}`);
    const problem = upstreamUrlProblem(value, field);
    if (problem) throw unusable(issuer, `has an unusable ${field} (${problem})`);
    return value;
  };
  const metadata: OpenIdMetadata = {
    issuer: named,
    authorizationEndpoint: endpoint('authorization_endpoint', true) as string,
    tokenEndpoint: endpoint('token_endpoint', true) as string,
    jwksUri: endpoint('jwks_uri', true) as string,
  };
  const userinfo = endpoint('userinfo_endpoint', false);
  if (userinfo !== undefined) metadata.userinfoEndpoint = userinfo;
  return metadata;
}

/**
 * Exact match, except that Microsoft's multi-tenant documents (`/common`, `/organizations`,
 * `/consumers`) name the issuer with `{tenantid}` in place of the tenant segment.
 */
function issuerMatches(named: string, configured: string, providerType: OAuthProviderType): boolean {
  if (named === configured) return true;
  if (providerType !== 'microsoft' || !named.includes(MICROSOFT_TENANT_PLACEHOLDER)) return false;
  const [before, after] = named.split(MICROSOFT_TENANT_PLACEHOLDER, 2) as [string, string];
  if (!configured.startsWith(before) || !configured.endsWith(after)) return false;
  const tenant = configured.slice(before.length, configured.length - after.length);
  return /^[A-Za-z0-9.-]+$/.test(tenant);
}

function unusable(issuer: string, problem: string): ApiError {
  return new ApiError('service_unavailable', {
    message: `The identity provider's discovery document at ${issuer} ${problem}, so it cannot be used.`,
  });
}
