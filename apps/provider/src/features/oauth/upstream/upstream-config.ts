/**
 * @module upstream-config — one project's configuration of an upstream identity provider, and
 * the validation that applies presets and refuses bad input (used by `latchkey-provider oauth set`).
 */
import { createPrivateKey } from 'node:crypto';
import { UPSTREAM_PRESETS } from './presets.js';
import { isOAuthProviderType, OAUTH_PROVIDER_TYPES, type OAuthProviderType } from './provider-types.js';
import { upstreamUrlProblem } from './upstream-url.js';

/** `oidc`: an ID token proves who signed in; `oauth2`: a user API is asked with the access token. */
export type UpstreamKind = 'oidc' | 'oauth2';

/** Apple's key for the ES256 client-secret JWT ("Creating a client secret"). */
export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  /** The PKCS#8 `.p8` file's text. */
  privateKeyPem: string;
}

/** A validated configuration with presets applied; what the upstream client works from. */
export interface UpstreamConfig {
  providerType: OAuthProviderType;
  kind: UpstreamKind;
  clientId: string;
  /** Empty for Apple, whose secret is a JWT made per exchange from `apple`. */
  clientSecret: string;
  /** Always set for `oidc`: the ID token's `iss` is checked against it. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksUri?: string;
  userinfoEndpoint?: string;
  scopes: string[];
  apple?: AppleSigningKey;
}

/** What an operator gives; anything left out comes from the provider's preset. */
export interface UpstreamConfigInput {
  providerType: string;
  /** Defaults to the preset's kind, else `oidc` when an issuer or JWKS URI is given, else `oauth2`. */
  kind?: UpstreamKind;
  clientId: string;
  clientSecret?: string;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksUri?: string;
  userinfoEndpoint?: string;
  /** Replaces the preset's scopes when not empty. */
  scopes?: readonly string[];
  apple?: AppleSigningKey;
}

/** The validated configuration, or the first problem found, phrased for the operator. */
export type ValidateUpstreamConfigResult =
  | { ok: true; config: UpstreamConfig }
  | { ok: false; message: string };

/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Client ids and Apple's ids are opaque, but never contain spaces or control characters. */
const OPAQUE_ID = /^[\x21-\x7E]{1,512}$/;

const URL_FIELDS = [
  ['issuer', 'The issuer'],
  ['authorizationEndpoint', 'The authorization endpoint'],
  ['tokenEndpoint', 'The token endpoint'],
  ['jwksUri', 'The JWKS URI'],
  ['userinfoEndpoint', 'The userinfo endpoint'],
] as const;

/** Applies the provider's preset to `input` and checks the result. */
export function validateUpstreamConfig(input: UpstreamConfigInput): ValidateUpstreamConfigResult {
  const fail = (message: string): ValidateUpstreamConfigResult => ({ ok: false, message });
  const { providerType } = input;
  if (!isOAuthProviderType(providerType)) {
    return fail(`Unknown provider "${providerType}". Use one of: ${OAUTH_PROVIDER_TYPES.join(', ')}.`);
  }
  const preset = UPSTREAM_PRESETS[providerType];
  const given = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : value.trim();
  const urls = {
    issuer: given(input.issuer) ?? preset?.issuer,
    authorizationEndpoint: given(input.authorizationEndpoint) ?? preset?.authorizationEndpoint,
    tokenEndpoint: given(input.tokenEndpoint) ?? preset?.tokenEndpoint,
    jwksUri: given(input.jwksUri),
    userinfoEndpoint: given(input.userinfoEndpoint) ?? preset?.userinfoEndpoint,
  };
  const kind = input.kind ?? preset?.kind ?? (urls.issuer || urls.jwksUri ? 'oidc' : 'oauth2');

  const clientId = input.clientId.trim();
  if (!OPAQUE_ID.test(clientId))
    return fail('The client id must be 1–512 printable characters without spaces.');
  const clientSecret = input.clientSecret ?? '';
  if (providerType === 'apple') {
    if (!input.apple) {
      return fail(
        'Apple needs its signing key: --apple-team-id, --apple-key-id and --apple-private-key-file.',
      );
    }
    const problem = appleKeyProblem(input.apple);
    if (problem) return fail(problem);
  } else {
    if (input.apple) return fail('Only the apple provider takes an Apple team id, key id and private key.');
    if (clientSecret === '') return fail('The client secret is required.');
  }

  for (const [field, label] of URL_FIELDS) {
    const value = urls[field];
    const problem = value === undefined ? null : upstreamUrlProblem(value, label);
    if (problem) return fail(problem);
  }
  if (urls.issuer && (new URL(urls.issuer).search || urls.issuer.endsWith('/'))) {
    // OpenID Connect Discovery §2: the issuer has no query, and its spelling is compared exactly.
    return fail('The issuer must have no query string and no trailing slash.');
  }

  if (kind === 'oidc' && !urls.issuer) {
    return fail(
      `${providerType} has no preset: give --issuer (the ID token's "iss" is checked against it; endpoints are discovered from it unless --authorization-endpoint, --token-endpoint and --jwks-uri are all given).`,
    );
  }
  if (kind === 'oauth2') {
    if (urls.jwksUri) return fail('An OAuth 2.0 provider without ID tokens takes no JWKS URI.');
    if (!urls.authorizationEndpoint || !urls.tokenEndpoint || !urls.userinfoEndpoint) {
      return fail(
        `${providerType} has no preset: give --issuer for an OpenID provider, or --authorization-endpoint, --token-endpoint and --userinfo-endpoint for OAuth 2.0.`,
      );
    }
  }

  const scopes = [
    ...new Set(
      (input.scopes?.length ? input.scopes : (preset?.scopes ?? defaultScopes(kind))).map((s) => s.trim()),
    ),
  ];
  const badScope = scopes.find((scope) => !SCOPE_TOKEN.test(scope));
  if (badScope !== undefined)
    return fail(`The scope "${badScope}" is not a valid scope token (RFC 6749 §3.3).`);
  if (kind === 'oidc' && providerType !== 'apple' && !scopes.includes('openid')) {
    return fail('An OpenID provider needs the "openid" scope to return an ID token; add --scope openid.');
  }

  const config: UpstreamConfig = { providerType, kind, clientId, clientSecret, scopes };
  for (const [field] of URL_FIELDS) {
    const value = urls[field];
    if (value !== undefined) config[field] = value;
  }
  if (input.apple) {
    config.apple = {
      teamId: input.apple.teamId.trim(),
      keyId: input.apple.keyId.trim(),
      privateKeyPem: input.apple.privateKeyPem,
    };
  }
  return { ok: true, config };
}

function defaultScopes(kind: UpstreamKind): readonly string[] {
  return kind === 'oidc' ? ['openid', 'email', 'profile'] : [];
}

function appleKeyProblem(apple: AppleSigningKey): string | null {
  if (!OPAQUE_ID.test(apple.teamId.trim()))
    return 'The Apple team id must be printable characters without spaces.';
  if (!OPAQUE_ID.test(apple.keyId.trim()))
    return 'The Apple key id must be printable characters without spaces.';
  try {
    const key = createPrivateKey({ key: apple.privateKeyPem, format: 'pem' });
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return null;
  } catch {
    return 'The Apple private key file is not a PEM private key (Apple gives a .p8 file).';
  }
  return 'The Apple private key must be an EC P-256 key (the .p8 file Apple gives for Sign in with Apple).';
}
