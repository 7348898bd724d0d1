/**
 * A fake upstream identity provider on 127.0.0.1 for provider tests: real HTTP, real RS256 keys
 * (jose). It speaks OpenID Connect (discovery, JWKS, /authorize, /token, /userinfo), GitHub's
 * OAuth 2.0 dialect (/login/oauth/*, /user, /user/emails) and Apple's form_post and
 * client-secret JWT, and can be told to misbehave: a defective ID token, an upstream refusal,
 * an endpoint that fails, hangs or resets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportPKCS8, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { type Clock, systemClock } from '../src/clock.js';
import { escapeHtml } from '../src/email/html-escape.js';
import type {
  AppleSigningKey,
  UpstreamConfig,
  UpstreamConfigInput,
} from '../src/features/oauth/upstream/upstream-config.js';
import { validateUpstreamConfig } from '../src/features/oauth/upstream/upstream-config.js';
import {
  type FakeSigningKey,
  type IdTokenDefect,
  makeSigningKey,
  signIdToken,
} from './fake-openid-tokens.js';
import { strangerRsaKeyPair } from './prepared-rsa-keys.js';

export { ID_TOKEN_DEFECTS, type IdTokenDefect } from './fake-openid-tokens.js';

/** The person who "signs in" at the fake. GitHub mode answers with the same data in GitHub's shape. */
export interface FakeIdentity {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | 'true' | 'false' | undefined;
  name?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  picture?: string | undefined;
  locale?: string | undefined;
  /** GitHub's `/user/emails` list; by default derived from `email` and `email_verified` (primary). */
  githubEmails?: Array<{ email: string; primary: boolean; verified: boolean }>;
  /**
   * Where the profile claims go: both the ID token and /userinfo (the default, as Google does), or
   * /userinfo only, with an ID token of `sub` alone (as servers that conform ID-token claims do).
   */
  profileIn?: 'both' | 'userinfo';
  /** Claims /userinfo answers on top of the identity's (e.g. another `sub`). */
  userinfoOverrides?: Record<string, unknown>;
  /**
   * How /userinfo answers: JSON (default); a JWT signed with the published key (`jwt`), with a key
   * the JWKS does not hold (`jwt_forged`), or signed for another issuer (`jwt_wrong_iss`); or an
   * encrypted JWT (`jwe`).
   */
  userinfoAs?: 'json' | 'jwt' | 'jwt_forged' | 'jwt_wrong_iss' | 'jwe';
}

/** The fields of FakeIdentity that steer the fake rather than being claims. */
const FAKE_CONTROLS = ['githubEmails', 'profileIn', 'userinfoOverrides', 'userinfoAs'] as const;

/** An identity's claims, without the fields that steer the fake. */
function claimsOf(identity: FakeIdentity): Record<string, unknown> {
  const claims: Record<string, unknown> = { ...identity };
  for (const control of FAKE_CONTROLS) delete claims[control];
  return claims;
}

/** Which fake endpoint a failure applies to. */
export type FakeEndpoint = 'discovery' | 'jwks' | 'token' | 'userinfo';
/** How it fails: an HTTP status, never answering, or a reset connection. */
export type FakeFailure = number | 'hang' | 'reset';

/** One request the fake saw. */
export interface FakeRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The urlencoded body, parsed (token endpoint). */
  form: Record<string, string> | undefined;
  headers: Record<string, string | undefined>;
}

/** Where the browser is sent back: a redirect (GET) or Apple's auto-posted form (POST). */
export type FakeCallback =
  | { method: 'GET'; url: string; params: Record<string, string> }
  | { method: 'POST'; url: string; form: Record<string, string> };

export interface FakeOpenIdProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Times iat/exp; pass the provider test's manual clock so both agree. */
  clock?: Clock;
  /** `microsoft`: issuer `{origin}/common/v2.0`, discovery names `{origin}/{tenantid}/v2.0`, tokens carry `tid`. */
  issuerStyle?: 'plain' | 'microsoft';
  tenantId?: string;
}

export interface FakeOpenIdProvider {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  /** The issuer to configure (Microsoft style: the `/common/v2.0` one). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The key an Apple configuration signs its client secret with; the fake checks it at /token. */
  appleSigningKey: AppleSigningKey;
  /** Its public half, for tests that check a client secret themselves. */
  applePublicKey: CryptoKey;
  requests: FakeRequestRecord[];
  /** Requests to one path (e.g. `/jwks`). */
  requestsTo(path: string): FakeRequestRecord[];
  /** The identity of the next authorization only (later ones use the default). */
  nextIdentity(identity: FakeIdentity): void;
  /** The ID token of the next code exchange has this defect. */
  nextIdTokenDefect(defect: IdTokenDefect): void;
  /** The next /authorize redirects back with `error` instead of a code (the user pressed "Cancel"). */
  nextAuthorizationError(error?: string): void;
  /** Until cleared with `null`, `endpoint` fails as told. */
  fail(endpoint: FakeEndpoint, failure: FakeFailure | null): void;
  /** Replaces the discovery document's `issuer` (a look-alike), or restores it with `null`. */
  setDiscoveryIssuer(issuer: string | null): void;
  /** Leaves `userinfo_endpoint` out of the discovery document (it is only RECOMMENDED), or puts it back. */
  omitUserinfoFromDiscovery(omit: boolean): void;
  /** Adds a new key to the JWKS and signs with it from now on; returns its kid. */
  rotateKey(): Promise<string>;
  /** Removes every key but the current one from the JWKS. */
  retireOldKeys(): void;
  /** An ID token as the fake would issue it (One Tap credentials), optionally with a defect. */
  mintIdToken(
    claims?: JWTPayload & Partial<FakeIdentity>,
    options?: { defect?: IdTokenDefect },
  ): Promise<string>;
  /** A validated configuration pointing `providerType` at this fake (GitHub: the GitHub-like endpoints). */
  config(providerType?: string, overrides?: Partial<UpstreamConfigInput>): UpstreamConfig;
  /** What `config` validates; for CLI or table tests. */
  configInput(providerType?: string, overrides?: Partial<UpstreamConfigInput>): UpstreamConfigInput;
  /** Follows an authorization URL as a browser that approves would, up to the way back to the callback. */
  authorize(authorizationUrl: string): Promise<FakeCallback>;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  nonce: string | undefined;
  scope: string;
  identity: FakeIdentity;
  defect: IdTokenDefect | undefined;
  used: boolean;
}

const DEFAULT_IDENTITY: FakeIdentity = {
  sub: 'fake-subject-1',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://images.example.com/ada.png',
  locale: 'en',
};

/** Starts the fake on a random port. */
export async function startFakeOpenIdProvider(
  options: FakeOpenIdProviderOptions = {},
): Promise<FakeOpenIdProvider> {
  const clock = options.clock ?? systemClock;
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const microsoft = options.issuerStyle === 'microsoft';
  const tenantId = options.tenantId ?? '9188040d-6c67-4c5b-b112-36a304b66dad';
  const keys: FakeSigningKey[] = [await makeSigningKey()];
  const apple = await generateKeyPair('ES256', { extractable: true });
  // No fake publishes it: forged userinfo answers.
  const strangerKey = await makeSigningKey(await strangerRsaKeyPair());

  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { identity: FakeIdentity; scope: string }>();
  const failures = new Map<FakeEndpoint, FakeFailure>();
  let nextIdentity: FakeIdentity | undefined;
  let nextDefect: IdTokenDefect | undefined;
  let nextError: string | undefined;
  let discoveryIssuer: string | null = null;
  let userinfoInDiscovery = true;
  let origin = '';

  const issuerPath = microsoft ? '/common/v2.0' : '';
  const tokenIssuer = () => (microsoft ? `${origin}/${tenantId}/v2.0` : origin);
  const currentKey = () => keys[keys.length - 1] as FakeSigningKey;

  const idTokenClaims = (identity: FakeIdentity, nonce: string | undefined): JWTPayload => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const standard = identity.profileIn === 'userinfo' ? { sub: identity.sub } : claimsOf(identity);
    return {
      ...standard,
      iss: tokenIssuer(),
      aud: clientId,
      azp: clientId,
      iat: now,
      exp: now + 3600,
      ...(nonce === undefined ? {} : { nonce }),
      ...(microsoft ? { tid: tenantId } : {}),
    };
  };
  const sign = (claims: JWTPayload, defect: IdTokenDefect | undefined) =>
    signIdToken(claims, { key: currentKey(), clientId, clientSecret, now: clock.now() }, defect);

  /** client_secret_post or Basic; Apple's secret is an ES256 JWT by the team's key. */
  async function clientAuthenticated(
    request: IncomingMessage,
    form: Record<string, string>,
  ): Promise<boolean> {
    let id = form.client_id;
    let secret = form.client_secret;
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (basic) [id, secret] = Buffer.from(basic, 'base64').toString().split(':') as [string, string];
    if (id !== clientId || secret === undefined) return false;
    if (secret === clientSecret) return true;
    try {
      const { protectedHeader } = await jwtVerify(secret, apple.publicKey, {
        algorithms: ['ES256'],
        issuer: fake.appleSigningKey.teamId,
        subject: clientId,
        audience: fake.issuer,
        currentDate: clock.now(),
      });
      return protectedHeader.kid === fake.appleSigningKey.keyId;
    } catch {
      return false;
    }
  }

  async function handleToken(
    request: IncomingMessage,
    response: ServerResponse,
    form: Record<string, string>,
    github: boolean,
  ) {
    // GitHub answers refusals with 200 and an error field; OAuth 2.0 (RFC 6749 §5.2) with 400/401.
    const refuse = (status: number, error: string, description: string) =>
      json(response, github ? 200 : status, { error, error_description: description });
    if (!(await clientAuthenticated(request, form)))
      return refuse(401, 'invalid_client', 'client authentication failed');
    if (form.grant_type !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type', 'authorization_code only');
    const issued = codes.get(form.code ?? '');
    if (!issued || issued.used)
      return refuse(400, github ? 'bad_verification_code' : 'invalid_grant', 'unknown or used code');
    issued.used = true;
    if (form.redirect_uri !== issued.redirectUri)
      return refuse(400, 'invalid_grant', 'redirect_uri mismatch');
    if (issued.codeChallenge !== undefined) {
      const verifier = form.code_verifier ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== issued.codeChallenge) {
        return refuse(400, 'invalid_grant', 'PKCE verification failed');
      }
    }
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { identity: issued.identity, scope: issued.scope });
    if (github)
      return json(response, 200, {
        access_token: accessToken,
        token_type: 'bearer',
        scope: issued.scope.replaceAll(' ', ','),
      });
    return json(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: issued.scope,
      id_token: await sign(idTokenClaims(issued.identity, issued.nonce), issued.defect),
    });
  }

  function handleAuthorize(response: ServerResponse, query: Record<string, string>, github: boolean) {
    const redirectUri = query.redirect_uri;
    if (query.client_id !== clientId || !redirectUri || (!github && query.response_type !== 'code')) {
      // Real providers show an error page rather than redirect to an unverified redirect_uri.
      response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid authorization request');
      return;
    }
    const identity = nextIdentity ?? DEFAULT_IDENTITY;
    const back: Record<string, string> = {};
    if (nextError) {
      back.error = nextError;
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: query.code_challenge,
        nonce: query.nonce,
        scope: query.scope ?? '',
        identity,
        defect: nextDefect,
        used: false,
      });
      back.code = code;
    }
    if (query.state !== undefined) back.state = query.state;
    nextIdentity = undefined;
    nextDefect = undefined;
    nextError = undefined;
    if (query.response_mode === 'form_post') {
      // Apple posts the user's name (unsigned) on the first authorization when asked for it.
      if (back.code && (query.scope ?? '').split(' ').includes('name')) {
        back.user = JSON.stringify({
          name: { firstName: identity.given_name, lastName: identity.family_name },
          email: identity.email,
        });
      }
      const inputs = Object.entries(back)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form><script>document.forms[0].submit()</script>`,
        );
      return;
    }
    const location = new URL(redirectUri);
    for (const [name, value] of Object.entries(back)) location.searchParams.set(name, value);
    response.writeHead(302, { location: location.href }).end();
  }

  /** Core §5.3.2: a signed userinfo answer carries `iss` and `aud` besides the claims. */
  async function userinfoJwt(claims: Record<string, unknown>, as: FakeIdentity['userinfoAs']) {
    const now = Math.floor(clock.now().getTime() / 1000);
    const payload = {
      ...claims,
      iss: as === 'jwt_wrong_iss' ? 'https://issuer.example.invalid' : tokenIssuer(),
      aud: clientId,
      iat: now,
    };
    const key = as === 'jwt_forged' ? strangerKey : currentKey();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: currentKey().kid })
      .sign(key.privateKey);
  }

  async function handleUserApi(request: IncomingMessage, response: ServerResponse, path: string) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant) return json(response, 401, { message: 'Bad credentials' });
    const { identity } = grant;
    if (path === '/userinfo') {
      const claims = { ...claimsOf(identity), ...identity.userinfoOverrides };
      const as = identity.userinfoAs ?? 'json';
      if (as === 'json') return json(response, 200, claims);
      // Five dot-separated parts: the compact JWE form, which only the client's own key could open.
      const body =
        as === 'jwe'
          ? ['eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ', 'a', 'b', 'c', 'd'].join('.')
          : await userinfoJwt(claims, as);
      response.writeHead(200, { 'content-type': 'application/jwt' }).end(body);
      return;
    }
    if (path === '/user') {
      return json(response, 200, {
        id: /^\d+$/.test(identity.sub) ? Number(identity.sub) : identity.sub,
        login: identity.sub,
        name: identity.name ?? null,
        email: null,
        avatar_url: identity.picture ?? null,
      });
    }
    // GitHub hides the address list from tokens without the user:email scope.
    if (!grant.scope.split(/[ ,]/).includes('user:email'))
      return json(response, 404, { message: 'Not Found' });
    const emails =
      identity.githubEmails ??
      (identity.email
        ? [
            {
              email: identity.email,
              primary: true,
              verified: identity.email_verified === true,
              visibility: 'private',
            },
          ]
        : []);
    return json(response, 200, emails);
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const raw = Buffer.concat(await request.toArray()).toString();
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : undefined;
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({
      method: request.method ?? 'GET',
      path,
      query,
      form,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      ),
    });

    const endpoint = endpointOf(path);
    const failure = endpoint ? failures.get(endpoint) : undefined;
    if (failure === 'hang') return;
    if (failure === 'reset') {
      request.socket.destroy();
      return;
    }
    if (typeof failure === 'number') return json(response, failure, { error: 'server_error' });

    if (path === `${issuerPath}/.well-known/openid-configuration`) {
      return json(response, 200, {
        issuer: discoveryIssuer ?? (microsoft ? `${origin}/{tenantid}/v2.0` : origin),
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        ...(userinfoInDiscovery ? { userinfo_endpoint: `${origin}/userinfo` } : {}),
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') return json(response, 200, { keys: keys.map((key) => key.publicJwk) });
    if (path === '/authorize' && request.method === 'GET') return handleAuthorize(response, query, false);
    if (path === '/login/oauth/authorize' && request.method === 'GET')
      return handleAuthorize(response, query, true);
    if (path === '/token' && request.method === 'POST')
      return handleToken(request, response, form ?? {}, false);
    if (path === '/login/oauth/access_token' && request.method === 'POST') {
      return handleToken(request, response, form ?? {}, true);
    }
    if (path === '/userinfo' || path === '/user' || path === '/user/emails')
      return handleUserApi(request, response, path);
    return json(response, 404, { error: 'not_found' });
  });

  const fake: FakeOpenIdProvider = {
    origin: '',
    issuer: '',
    clientId,
    clientSecret,
    appleSigningKey: {
      teamId: 'FAKETEAM01',
      keyId: 'FAKEKEY001',
      privateKeyPem: await exportPKCS8(apple.privateKey),
    },
    applePublicKey: apple.publicKey,
    requests: [],
    requestsTo: (path) => fake.requests.filter((request) => request.path === path),
    nextIdentity: (identity) => {
      nextIdentity = identity;
    },
    nextIdTokenDefect: (defect) => {
      nextDefect = defect;
    },
    nextAuthorizationError: (error = 'access_denied') => {
      nextError = error;
    },
    fail: (endpoint, failure) => {
      if (failure === null) failures.delete(endpoint);
      else failures.set(endpoint, failure);
    },
    setDiscoveryIssuer: (issuer) => {
      discoveryIssuer = issuer;
    },
    omitUserinfoFromDiscovery: (omit) => {
      userinfoInDiscovery = !omit;
    },
    rotateKey: async () => {
      const key = await makeSigningKey();
      keys.push(key);
      return key.kid;
    },
    retireOldKeys: () => {
      keys.splice(0, keys.length - 1);
    },
    mintIdToken: async (claims = {}, mintOptions = {}) => {
      const { nonce, ...rest } = claims;
      const base = idTokenClaims(
        { ...DEFAULT_IDENTITY, ...(rest as Partial<FakeIdentity>) },
        nonce as string | undefined,
      );
      return sign({ ...base, ...rest }, mintOptions.defect);
    },
    configInput: (providerType = 'google', overrides = {}) => {
      const input: UpstreamConfigInput =
        providerType === 'github'
          ? {
              providerType,
              clientId,
              clientSecret,
              authorizationEndpoint: `${origin}/login/oauth/authorize`,
              tokenEndpoint: `${origin}/login/oauth/access_token`,
              userinfoEndpoint: `${origin}/user`,
            }
          : { providerType, clientId, clientSecret, issuer: fake.issuer };
      if (providerType === 'apple') {
        input.clientSecret = '';
        input.apple = fake.appleSigningKey;
      }
      return { ...input, ...overrides };
    },
    config: (providerType, overrides) => {
      const result = validateUpstreamConfig(fake.configInput(providerType, overrides));
      if (!result.ok) throw new Error(result.message);
      return result.config;
    },
    authorize: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status === 302 && location) {
        return { method: 'GET', url: location, params: Object.fromEntries(new URL(location).searchParams) };
      }
      const html = await response.text();
      const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
      if (response.status !== 200 || action === undefined) {
        throw new Error(`The fake refused the authorization request (HTTP ${response.status}): ${html}`);
      }
      const form: Record<string, string> = {};
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        form[match[1] as string] = unescapeHtml(match[2] as string);
      }
      return { method: 'POST', url: unescapeHtml(action), form };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // Longer than any test's pauses: a POST sent on a keep-alive socket the server is closing fails

  // ('other side closed') and fetch does not retry it.

  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.origin = origin;
  fake.issuer = `${origin}${issuerPath}`;
  return fake;
}

function endpointOf(path: string): FakeEndpoint | undefined {
  if (path.endsWith('/.well-known/openid-configuration')) return 'discovery';
  if (path === '/jwks') return 'jwks';
  if (path === '/token' || path === '/login/oauth/access_token') return 'token';
  if (path === '/userinfo' || path === '/user' || path === '/user/emails') return 'userinfo';
  return undefined;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Reverses escapeHtml, which wrote the form above; `&amp;` last, so an escaped `&amp;lt;` stays `&lt;`. */
function unescapeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
