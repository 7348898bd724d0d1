/**
 * @module dev-oidc-token — the development issuer's token endpoint (RFC 6749 §4.1.3, RFC 7636
 * §4.6, OpenID Connect Core §3.1.3): authenticates the client, redeems the code once, checks the
 * PKCE verifier and answers with an access token and a signed ID token.
 */
import type { Clock } from '../../clock.js';
import { constantTimeEqual } from '../../crypto/hash.js';
import { s256Challenge } from '../../crypto/pkce.js';
import type { DevOidcClient, DevOidcClients } from './dev-oidc-clients.js';
import type { DevOidcGrants } from './dev-oidc-grants.js';
import type { DevOidcKeys } from './dev-oidc-keys.js';
import { devClaims } from './dev-oidc-person.js';
import { DEV_TOKEN_LIFETIME_S } from './dev-oidc-policy.js';

/** RFC 6749 §5.1. */
export interface DevTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  id_token: string;
  scope: string;
}

/** RFC 6749 §5.2: 401 for a client that failed to authenticate, 400 otherwise. */
export interface DevTokenError {
  status: 400 | 401;
  error: string;
  error_description: string;
  /** The client tried Basic authentication: a 401 then carries `WWW-Authenticate: Basic`. */
  basicAttempted: boolean;
}

/** What the endpoint works with. */
export interface DevTokenDeps {
  issuer: string;
  clock: Clock;
  clients: DevOidcClients;
  grants: DevOidcGrants;
  keys: DevOidcKeys;
}

const RFC7636_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Basic +([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** Redeems an authorization code; `body` is the parsed form. */
export async function redeemAuthorizationCode(
  deps: DevTokenDeps,
  input: { authorization: string | undefined; body: Record<string, unknown> },
): Promise<{ ok: true; response: DevTokenResponse } | { ok: false; error: DevTokenError }> {
  const field = (name: string) =>
    typeof input.body[name] === 'string' ? (input.body[name] as string) : undefined;
  const basic = basicCredentials(input.authorization);
  const fail = (status: 400 | 401, error: string, description: string) => ({
    ok: false as const,
    error: { status, error, error_description: description, basicAttempted: basic !== undefined },
  });

  // RFC 6749 §2.3: one authentication method per request.
  if (basic !== undefined && field('client_secret') !== undefined) {
    return fail(
      400,
      'invalid_request',
      'Authenticate the client with Basic or with client_secret, not both.',
    );
  }
  const credentials =
    basic === undefined ? { id: field('client_id'), secret: field('client_secret') } : basic;
  const client: DevOidcClient | undefined =
    credentials?.id !== undefined && credentials.secret !== undefined
      ? deps.clients.authenticate(credentials.id, credentials.secret)
      : undefined;
  if (!client) return fail(401, 'invalid_client', 'The client id or secret is wrong, or missing.');
  if (field('grant_type') !== 'authorization_code') {
    return fail(400, 'unsupported_grant_type', 'Only grant_type=authorization_code is offered.');
  }

  const codeValue = field('code') ?? '';
  const code = deps.grants.codes.peek(codeValue);
  if (!code) return fail(400, 'invalid_grant', 'The code is unknown or has expired.');
  if (code.redeemedAs !== undefined) {
    // RFC 6749 §4.1.2: a code used twice also takes back what its first use bought.
    deps.grants.accessTokens.delete(code.redeemedAs);
    deps.grants.codes.delete(codeValue);
    return fail(400, 'invalid_grant', 'The code has already been used; the tokens it gave are revoked.');
  }
  if (code.request.client.clientId !== client.clientId) {
    return fail(400, 'invalid_grant', 'The code was issued to another client.');
  }
  if (field('redirect_uri') !== code.request.redirectUri) {
    return fail(
      400,
      'invalid_grant',
      'redirect_uri differs from the authorization request (RFC 6749 §4.1.3).',
    );
  }
  const verifier = field('code_verifier');
  if (
    verifier === undefined ||
    !RFC7636_VERIFIER.test(verifier) ||
    !constantTimeEqual(s256Challenge(verifier), code.request.codeChallenge)
  ) {
    return fail(400, 'invalid_grant', 'The code_verifier does not match the code_challenge (RFC 7636 §4.6).');
  }

  const { request, person } = code;
  const accessToken = deps.grants.accessTokens.add({
    clientId: client.clientId,
    person,
    scopes: request.scopes,
  });
  code.redeemedAs = accessToken;
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const idToken = await deps.keys.signJwt({
    ...devClaims(person, request.scopes),
    iss: deps.issuer,
    aud: client.clientId,
    iat: now,
    exp: now + DEV_TOKEN_LIFETIME_S,
    auth_time: code.authTime,
    ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
  });
  return {
    ok: true,
    response: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: DEV_TOKEN_LIFETIME_S,
      id_token: idToken,
      scope: request.scopes.join(' '),
    },
  };
}
