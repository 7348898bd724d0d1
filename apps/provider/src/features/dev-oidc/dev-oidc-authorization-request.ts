/**
 * @module dev-oidc-authorization-request — checks an authorization request to the development
 * issuer (RFC 6749 §4.1.1, RFC 7636 §4.3, OpenID Connect Core §3.1.2.1) in the order RFC 6749
 * §4.1.2.1 asks: a bad client or redirect URI is shown, never redirected to; anything else wrong
 * goes back to the client's redirect URI as an error.
 */
import type { DevOidcClient, DevOidcClients } from './dev-oidc-clients.js';

/** How the answer reaches the client: a redirect with a query, or an auto-posted form (Apple asks for it). */
export type DevResponseMode = 'query' | 'form_post';

/** Where an authorization answer (success or error) goes. */
export interface DevResponseTarget {
  redirectUri: string;
  responseMode: DevResponseMode;
  state?: string;
}

/** A checked request: everything the consent needs to issue a code. */
export interface DevAuthorizationRequest extends DevResponseTarget {
  client: DevOidcClient;
  /** The scopes this issuer knows and grants (`openid` always among them). */
  scopes: string[];
  nonce?: string;
  /** S256 only (RFC 9700 §2.1.1). */
  codeChallenge: string;
  /** OpenID Connect Core §3.1.2.1: a hint at who signs in; it prefills the email field. */
  loginHint?: string;
}

/** The outcome of checking an authorization request. */
export type DevAuthorizationCheck =
  | { ok: true; request: DevAuthorizationRequest }
  /** The client or redirect URI is unusable: the person sees the message here (RFC 6749 §4.1.2.1). */
  | { ok: false; shown: string }
  /** Anything else: an error answer to the client's redirect URI. */
  | { ok: false; target: DevResponseTarget; error: string; description: string };

/** Scopes with claims behind them; others are left out of the grant (RFC 6749 §3.3). */
export const DEV_OIDC_SCOPES = ['openid', 'email', 'profile'] as const;

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_VALUE_LENGTH = 2048;

/**
 * Each parameter once (RFC 6749 §3.1); `repeated` holds the names given more than once or not as
 * text, `values` the rest.
 */
function readParameters(input: Record<string, unknown>) {
  const values = new Map<string, string>();
  const repeated: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) values.set(name, value);
    else repeated.push(name);
  }
  return { values, repeated };
}

/** Checks an authorization request given as a query (GET) or a form (POST). */
export function checkAuthorizationRequest(
  clients: DevOidcClients,
  input: Record<string, unknown>,
): DevAuthorizationCheck {
  const { values, repeated } = readParameters(input);
  const clientId = values.get('client_id');
  const redirectUri = values.get('redirect_uri');
  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) {
    return { ok: false, shown: 'The request names client_id or redirect_uri more than once.' };
  }
  const client = clientId === undefined ? undefined : clients.byId(clientId);
  if (!client) {
    return {
      ok: false,
      shown: `The client "${clientId ?? ''}" is not registered with the development issuer.`,
    };
  }
  // OpenID Connect Core §3.1.2.1 requires redirect_uri; it must be the registered one exactly.
  if (redirectUri !== client.redirectUri) {
    return {
      ok: false,
      shown: `The redirect_uri is not the one registered for ${client.clientId} (${client.redirectUri}).`,
    };
  }

  const mode = values.get('response_mode');
  const responseMode: DevResponseMode = mode === 'form_post' ? 'form_post' : 'query';
  const state = repeated.includes('state') ? undefined : values.get('state');
  const target: DevResponseTarget = { redirectUri, responseMode, ...(state === undefined ? {} : { state }) };
  const refuse = (error: string, description: string): DevAuthorizationCheck => ({
    ok: false,
    target,
    error,
    description,
  });

  if (repeated.length > 0) return refuse('invalid_request', `${repeated[0]} must be given once, as text.`);
  if (mode !== undefined && mode !== 'query' && mode !== 'form_post') {
    return refuse('invalid_request', 'response_mode must be query or form_post.');
  }
  if (values.get('response_type') !== 'code') {
    return refuse(
      'unsupported_response_type',
      'Only the authorization code flow (response_type=code) is offered.',
    );
  }
  if (values.has('request')) return refuse('request_not_supported', 'Request objects are not supported.');
  if (values.has('request_uri')) return refuse('request_uri_not_supported', 'request_uri is not supported.');
  const asked = (values.get('scope') ?? '').split(' ').filter(Boolean);
  if (!asked.includes('openid')) return refuse('invalid_scope', 'The scope must include openid.');
  const challenge = values.get('code_challenge');
  if (challenge === undefined || values.get('code_challenge_method') !== 'S256') {
    return refuse(
      'invalid_request',
      'PKCE is required: send code_challenge with code_challenge_method=S256.',
    );
  }
  if (!S256_CHALLENGE.test(challenge)) {
    return refuse('invalid_request', 'code_challenge must be 43 base64url characters (RFC 7636 §4.2).');
  }
  // The consent page always asks, so a request that must not show one cannot be served.
  if ((values.get('prompt') ?? '').split(' ').includes('none')) {
    return refuse('login_required', 'The development issuer always asks who signs in.');
  }

  const request: DevAuthorizationRequest = {
    ...target,
    client,
    scopes: DEV_OIDC_SCOPES.filter((scope) => asked.includes(scope)),
    codeChallenge: challenge,
  };
  const nonce = values.get('nonce');
  if (nonce !== undefined) request.nonce = nonce;
  const loginHint = values.get('login_hint');
  if (loginHint !== undefined) request.loginHint = loginHint;
  return { ok: true, request };
}
