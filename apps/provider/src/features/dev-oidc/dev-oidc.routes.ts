/**
 * @module dev-oidc.routes — the development OpenID issuer's endpoints under /dev/oidc
 * (development mode only): discovery, JWKS, authorization with the consent page, token and
 * userinfo. The protocol endpoints answer in OAuth's error format, not the wire's.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { toApiError } from '../../errors/error-handler.js';
import { registerFormBodyParser } from '../oauth/form-body-parser.js';
import { ERROR_PAGE_CSP, renderOAuthErrorPage } from '../oauth/oauth-error-page.js';
import { providerDisplayName } from '../oauth/upstream/provider-types.js';
import {
  checkAuthorizationRequest,
  DEV_OIDC_SCOPES,
  type DevAuthorizationRequest,
  type DevResponseTarget,
} from './dev-oidc-authorization-request.js';
import { authorizationResponse } from './dev-oidc-authorization-response.js';
import { CONSENT_PAGE_CSP, renderConsentPage } from './dev-oidc-consent-page.js';
import { DEV_OIDC_PATH, type DevOidcIssuer } from './dev-oidc-issuer.js';
import { DEV_OIDC_SIGNING_ALGORITHM } from './dev-oidc-keys.js';
import { checkDevPerson, type DevPersonProblems, devClaims } from './dev-oidc-person.js';
import { rememberedPerson, rememberPersonCookie } from './dev-oidc-remembered-person.js';
import { redeemAuthorizationCode } from './dev-oidc-token.js';

/** What the routes need. */
export interface DevOidcRoutesOptions {
  issuer: DevOidcIssuer;
}

const AUTHORIZE = `${DEV_OIDC_PATH}/authorize`;
const CONSENT = `${DEV_OIDC_PATH}/consent`;
const TOKEN = `${DEV_OIDC_PATH}/token`;
const USERINFO = `${DEV_OIDC_PATH}/userinfo`;
const JWKS = `${DEV_OIDC_PATH}/jwks`;

/** Nothing here may be cached or leak through Referer (codes and tokens travel through it). */
function guard(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value : '';
}

/** The development issuer's routes. */
export const devOidcRoutes: FastifyPluginAsync<DevOidcRoutesOptions> = async (app, options) => {
  const { issuer } = options;
  const base = issuer.issuer;
  registerFormBodyParser(app);

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'development issuer failed');
    guard(reply);
    // The protocol endpoints answer machines (RFC 6749 §5.2, RFC 6750 §3.1); the rest, people.
    if (request.url.startsWith(TOKEN) || request.url.startsWith(USERINFO)) {
      return reply.code(apiError.status >= 500 ? 500 : 400).send({
        error: apiError.status >= 500 ? 'server_error' : 'invalid_request',
        error_description: apiError.message,
      });
    }
    return showProblem(request, reply, apiError);
  });

  function showProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
    return guard(reply)
      .code(error.status)
      .header('content-security-policy', ERROR_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(renderOAuthErrorPage(error, request.id));
  }

  function answer(reply: FastifyReply, target: DevResponseTarget, params: Record<string, string>) {
    const response = authorizationResponse(target, base, params);
    guard(reply);
    if ('location' in response) return reply.redirect(response.location, 303);
    return reply
      .header('content-security-policy', response.csp)
      .type('text/html; charset=utf-8')
      .send(response.html);
  }

  function consentPage(
    reply: FastifyReply,
    request: DevAuthorizationRequest,
    consent: string,
    values: { name: string; email: string; emailVerified: boolean },
    problems?: DevPersonProblems,
  ) {
    return guard(reply)
      .code(problems ? 400 : 200)
      .header('content-security-policy', CONSENT_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(
        renderConsentPage({
          providerName: providerDisplayName(request.client.providerType),
          consent,
          action: CONSENT,
          values,
          ...(problems ? { problems } : {}),
        }),
      );
  }

  // OpenID Connect Discovery 1.0 §3; every endpoint lives under the issuer.
  app.get(`${DEV_OIDC_PATH}/.well-known/openid-configuration`, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/jwks`,
      scopes_supported: DEV_OIDC_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'form_post'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [DEV_OIDC_SIGNING_ALGORITHM],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
      ],
      authorization_response_iss_parameter_supported: true,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      claims_parameter_supported: false,
    };
  });

  app.get(JWKS, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return issuer.keys.jwks();
  });

  // OpenID Connect Core §3.1.2.1: the authorization endpoint takes GET and POST alike.
  const authorize = async (request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>) => {
    const check = checkAuthorizationRequest(issuer.clients, input);
    if (!check.ok) {
      if ('shown' in check)
        return showProblem(request, reply, new ApiError('invalid_request', { message: check.shown }));
      return answer(reply, check.target, { error: check.error, error_description: check.description });
    }
    const consent = issuer.grants.consents.add(check.request);
    const remembered = rememberedPerson(request.headers.cookie);
    return consentPage(reply, check.request, consent, {
      name: remembered?.name ?? '',
      email: check.request.loginHint ?? remembered?.email ?? '',
      emailVerified: true,
    });
  };
  app.get(AUTHORIZE, { exposeHeadRoute: false }, (request, reply) =>
    authorize(request, reply, fieldsOf(request.query)),
  );
  app.post(AUTHORIZE, (request, reply) => authorize(request, reply, fieldsOf(request.body)));

  app.post(CONSENT, async (request, reply) => {
    const form = fieldsOf(request.body);
    const consent = text(form, 'consent');
    const pending = issuer.grants.consents.peek(consent);
    if (!pending) {
      return showProblem(
        request,
        reply,
        new ApiError('invalid_request', {
          message:
            'This sign-in page has expired or was already answered. Go back to the app and start the sign-in again.',
        }),
      );
    }
    if (text(form, 'decision') === 'cancel') {
      issuer.grants.consents.take(consent);
      // RFC 6749 §4.1.2.1: the person declined.
      return answer(reply, pending, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in.',
      });
    }
    const values = {
      name: text(form, 'name'),
      email: text(form, 'email'),
      emailVerified: text(form, 'email_verified') === 'true',
    };
    const checked = checkDevPerson(values);
    if (!checked.ok) return consentPage(reply, pending, consent, values, checked.problems);
    // Two submissions of one form: only the first gets a code.
    const granted = issuer.grants.consents.take(consent);
    if (!granted)
      return showProblem(
        request,
        reply,
        new ApiError('invalid_request', { message: 'This sign-in page was already answered.' }),
      );
    const code = issuer.grants.codes.add({
      request: granted,
      person: checked.person,
      authTime: Math.floor(issuer.clock.now().getTime() / 1000),
    });
    reply.header('set-cookie', rememberPersonCookie(checked.person));
    return answer(reply, granted, { code });
  });

  app.post(TOKEN, async (request, reply) => {
    const result = await redeemAuthorizationCode(
      {
        issuer: base,
        clock: issuer.clock,
        clients: issuer.clients,
        grants: issuer.grants,
        keys: issuer.keys,
      },
      { authorization: request.headers.authorization, body: fieldsOf(request.body) },
    );
    guard(reply).header('pragma', 'no-cache');
    if (result.ok) return result.response;
    const { status, error, error_description, basicAttempted } = result.error;
    if (status === 401 && basicAttempted) reply.header('www-authenticate', 'Basic realm="latchkey-dev-oidc"');
    return reply.code(status).send({ error, error_description });
  });

  // OpenID Connect Core §5.3; the token comes as a Bearer header (RFC 6750 §2.1).
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    guard(reply);
    const token = /^Bearer +([A-Za-z0-9_-]+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = token === undefined ? undefined : issuer.grants.accessTokens.peek(token);
    if (!grant) {
      return reply
        .code(401)
        .header(
          'www-authenticate',
          'Bearer error="invalid_token", error_description="The access token is unknown or has expired."',
        )
        .send({ error: 'invalid_token', error_description: 'The access token is unknown or has expired.' });
    }
    return devClaims(grant.person, grant.scopes);
  };
  app.get(USERINFO, { exposeHeadRoute: false }, userinfo);
  app.post(USERINFO, userinfo);
};
