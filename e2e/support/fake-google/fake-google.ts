// The end-to-end stack's "Google": a real OpenID provider (oidc-provider) on loopback, plus the two
// things Google One Tap needs — a stand-in for Google's sign-in script and a way for it to hand over
// an ID token signed with the issuer's own key. Nothing here is mocked on the provider's side: it
// discovers this issuer, fetches its JWKS and redeems its codes like it would Google's.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { GOOGLE_CLAIMS, grantProfileBefore } from '../../../apps/provider/test/google-like-oidc.js';

export interface FakeGoogleOptions {
  /** The issuer, e.g. http://localhost:4700 (listens on 127.0.0.1 at its port). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's OAuth callback(s) registered for this client. */
  redirectUris: string[];
}

export interface FakeGoogle {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A person of the fake Google. The login form takes any name; `ada` becomes ada@example.com and
 * an address stays itself, so tests pick who signs in by what they type.
 */
export function accountFor(login: string) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.com`;
  const given = email.split('@')[0] ?? 'Test';
  return {
    sub: `google-${email}`,
    email,
    email_verified: true,
    name: `${given.charAt(0).toUpperCase()}${given.slice(1)} Example`,
    given_name: `${given.charAt(0).toUpperCase()}${given.slice(1)}`,
    family_name: 'Example',
    picture: `https://example.com/avatars/${given}.png`,
    locale: 'en',
  };
}

const gsiScriptUrl = new URL('./gsi-client.js', import.meta.url);

export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: 'fake-google-1',
    alg: 'RS256',
    use: 'sig',
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    claims: GOOGLE_CLAIMS,
    // Like Google, put the profile in the ID token rather than only behind /userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => accountFor(id) }),
    loadExistingGrant: grantProfileBefore,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      Session: 3600,
      Grant: 3600,
      Interaction: 600,
    },
  };
  const provider = new Provider(options.issuer, configuration);

  // Google's sign-in script stand-in, and the credential it hands the page (One Tap).
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/gsi/client') {
      ctx.type = 'application/javascript';
      ctx.set('cache-control', 'no-store');
      ctx.body = readFileSync(gsiScriptUrl, 'utf8');
      return;
    }
    if (ctx.method === 'GET' && ctx.path === '/test/one-tap-credential') {
      const clientId = String(ctx.query.client_id ?? '');
      const nonce = String(ctx.query.nonce ?? '');
      const login = String(ctx.query.login ?? 'tap');
      if (clientId !== options.clientId) {
        ctx.status = 400;
        ctx.body = { error: 'invalid_client' };
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const credential = await new SignJWT({ ...accountFor(login), nonce, azp: clientId })
        .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid as string, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
      ctx.set('access-control-allow-origin', '*');
      ctx.set('cache-control', 'no-store');
      ctx.body = { credential };
      return;
    }
    await next();
  });

  const port = Number(new URL(options.issuer).port);
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer: options.issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
