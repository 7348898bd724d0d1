/**
 * A real OpenID provider (panva's certified `oidc-provider`) on 127.0.0.1 for provider tests, so
 * the callback meets a server that behaves as deployed ones do rather than our own stand-in
 * (test/fake-openid-provider.ts). Left at its defaults (`conformIdTokenClaims`), it puts only
 * `sub` in the ID token of a code flow and the profile and address in its userinfo answer
 * (OpenID Connect Core §5.4), optionally as a signed JWT (`userinfo_signed_response_alg`).
 * Sign-in is headless: the interaction page logs in the account a test names, consent is
 * pre-granted, and `authorize` follows the redirects with a cookie jar.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import {
  type UpstreamConfig,
  validateUpstreamConfig,
} from '../src/features/oauth/upstream/upstream-config.js';
import type { FakeCallback } from './fake-openid-provider.js';
import { GOOGLE_CLAIMS, grantProfileBefore } from './google-like-oidc.js';
import { nextRsaKeyPair } from './prepared-rsa-keys.js';

/** The claims an account releases; `sub` is its account id. */
export interface LoopbackAccount {
  sub: string;
  email?: string;
  email_verified?: boolean | 'true' | 'false';
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

export interface LoopbackOidcProviderOptions {
  /** The OAuth callback(s) this client may redirect to (the provider's `callbackUrl`). */
  redirectUris: string[];
  /** `jwt`: the client is registered with `userinfo_signed_response_alg: RS256`. */
  userinfo?: 'json' | 'jwt';
}

export interface LoopbackOidcProvider {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account. */
  givenAccount(account: LoopbackAccount): void;
  /** Follows an authorization URL as a browser where `sub` logs in, up to the redirect back. */
  authorize(authorizationUrl: string, sub: string): Promise<FakeCallback>;
  /** Until cleared with `null`, the userinfo endpoint answers this status or resets the connection. */
  failUserinfo(failure: number | 'reset' | null): void;
  /** The Authorization header of every userinfo request so far. */
  userinfoAuthorizations: Array<string | undefined>;
  /** A validated configuration of `providerType` as an OpenID provider at this issuer. */
  config(providerType: string): UpstreamConfig;
  close(): Promise<void>;
}

const USERINFO_PATH = '/me';

/** Starts the server on a random loopback port. */
export async function startLoopbackOidcProvider(
  options: LoopbackOidcProviderOptions,
): Promise<LoopbackOidcProvider> {
  const clientId = 'loopback-client';
  const clientSecret = 'loopback-client-secret-that-is-long-enough';
  const accounts = new Map<string, LoopbackAccount>();
  let loggingIn: string | undefined;
  let userinfoFailure: number | 'reset' | null = null;
  const userinfoAuthorizations: Array<string | undefined> = [];

  // The port is part of the issuer, so listen before the provider exists and hand it requests after.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => handler?.(req, res));
  // Idle keep-alive sockets outlive any pause in a loaded test run: Node closes them after 5 s,
  // and a POST that fetch sends on a socket closing at that moment fails and is not retried.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await nextRsaKeyPair();
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        ...(options.userinfo === 'jwt' ? { userinfo_signed_response_alg: 'RS256' } : {}),
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['loopback-cookie-signing-key'] },
    claims: GOOGLE_CLAIMS,
    // conformIdTokenClaims stays at its default (true): the ID token carries sub, not the profile.
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    loadExistingGrant: grantProfileBefore,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      jwtUserinfo: { enabled: options.userinfo === 'jwt' },
    },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Grant: 3600,
      Session: 3600,
      Interaction: 600,
    },
  };
  const provider = new Provider(issuer, configuration);

  provider.use(async (ctx, next) => {
    // The login page: whoever the test named logs in at once.
    const interaction = /^\/interaction\/[^/]+$/.exec(ctx.path);
    if (interaction && ctx.method === 'GET') {
      const accountId = loggingIn;
      if (accountId === undefined) return ctx.throw(400, 'no account is logging in');
      const to = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      ctx.redirect(to);
      return;
    }
    if (ctx.path === USERINFO_PATH) {
      userinfoAuthorizations.push(ctx.get('authorization') || undefined);
      if (userinfoFailure === 'reset') {
        ctx.req.socket.destroy();
        return;
      }
      if (typeof userinfoFailure === 'number') {
        ctx.status = userinfoFailure;
        ctx.body = { error: 'server_error' };
        return;
      }
    }
    await next();
  });
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);

  return {
    issuer,
    clientId,
    clientSecret,
    userinfoAuthorizations,
    givenAccount: (account) => {
      accounts.set(account.sub, account);
    },
    failUserinfo: (failure) => {
      userinfoFailure = failure;
    },
    async authorize(authorizationUrl, sub) {
      loggingIn = sub;
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      try {
        for (let hop = 0; hop < 10; hop += 1) {
          const response = await fetch(url, {
            redirect: 'manual',
            headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
          });
          for (const cookie of response.headers.getSetCookie()) {
            const [pair = ''] = cookie.split(';');
            const split = pair.indexOf('=');
            jar.set(pair.slice(0, split), pair.slice(split + 1));
          }
          const location = response.headers.get('location');
          if (!location || response.status < 300 || response.status > 399) {
            throw new Error(`oidc-provider answered ${response.status}: ${await response.text()}`);
          }
          const next = new URL(location, url);
          if (next.origin !== issuer) {
            return { method: 'GET', url: next.href, params: Object.fromEntries(next.searchParams) };
          }
          url = next.href;
        }
        throw new Error('oidc-provider redirected too often');
      } finally {
        loggingIn = undefined;
      }
    },
    config(providerType) {
      const result = validateUpstreamConfig({ providerType, clientId, clientSecret, issuer });
      if (!result.ok) throw new Error(result.message);
      return result.config;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
