/**
 * @module oauth.routes — the browser-facing redirect flow (not under /sdk/v1):
 * GET /v1/public/oauth/{provider}/start and GET|POST /v1/public/oauth/{provider}/callback.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalog } from '../../errors/catalog.js';
import { handleError, toApiError } from '../../errors/error-handler.js';
import { requireProjectByPublicToken } from '../../plugins/project-auth.js';
import { prefersJson } from './accept-negotiation.js';
import { registerFormBodyParser } from './form-body-parser.js';
import { type CallbackFields, CallbackInput, ProviderParams, StartQuery } from './oauth.schemas.js';
import type { OAuthCallbackService } from './oauth-callback.service.js';
import { ERROR_PAGE_CSP, renderOAuthErrorPage } from './oauth-error-page.js';
import { startErrorReturnUrl } from './oauth-error-return.js';
import { buildOAuthRedirectUrl } from './oauth-redirect-url.js';
import type { OAuthStartService } from './oauth-start.service.js';
import { clearedStateCookie, stateCookie } from './oauth-state-cookie.js';

/** What the redirect routes need. */
export interface OAuthRoutesOptions {
  start: OAuthStartService;
  callback: OAuthCallbackService;
  /** The provider's public URL is https: the state cookie is then `SameSite=None; Secure`. */
  secureCookies: boolean;
}

/** SECURITY I5: nothing here may leak through Referer or a cache. */
function guardHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
}

/**
 * Errors a browser meets here are pages (it arrived by navigation); a caller that asks for JSON
 * gets the wire error shape. Either way the status is the error's.
 */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  guardHeaders(reply);
  if (prefersJson(request.headers.accept)) {
    handleError(error, request, reply);
    return;
  }
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error, error_type: apiError.code }, 'request failed');
  reply
    .code(apiError.status)
    .headers(apiError.headers)
    .header('content-security-policy', ERROR_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(renderOAuthErrorPage(apiError, request.id));
}

/**
 * A refusal a browser meets, sent back to the app's allow-listed page with the error (as a
 * callback's later failures are), so the widget shows it with a way to try again.
 */
function returnWithError(error: unknown, request: FastifyRequest, reply: FastifyReply, url: string) {
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error, error_type: apiError.code }, 'request failed');
  // An invalid_request message can quote the request (a provider name, a parameter name): anyone
  // can make that link, so the app's page gets the catalogue's words instead (content spoofing).
  const description =
    apiError.code === 'invalid_request' ? errorCatalog.invalid_request.message : apiError.message;
  return guardHeaders(reply).redirect(buildOAuthRedirectUrl(url, { error: apiError.code, description }), 303);
}

/** The redirect flow's two routes. */
export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (app, options) => {
  app.setErrorHandler(answerError);
  registerFormBodyParser(app);

  app.get(
    '/v1/public/oauth/:provider/start',
    // No HEAD twin: a prefetch must not store a state or count against the limit (SECURITY B8).
    { exposeHeadRoute: false, schema: { params: ProviderParams, querystring: StartQuery } },
    async (request, reply) => {
      const project = await requireProjectByPublicToken(
        request.server.projectLookup,
        request.query.public_token,
      );
      let started: Awaited<ReturnType<OAuthStartService['start']>>;
      try {
        started = await options.start.start(
          project,
          request.params.provider,
          request.query,
          request.clientIp,
        );
      } catch (error) {
        const back = prefersJson(request.headers.accept)
          ? undefined
          : startErrorReturnUrl(project, request.query.login_redirect_url);
        if (back === undefined) throw error;
        return returnWithError(error, request, reply, back);
      }
      return guardHeaders(reply)
        .header('set-cookie', stateCookie(started.state, options.secureCookies))
        .redirect(started.authorizationUrl, 302);
    },
  );

  async function callback(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    fields: CallbackFields,
  ) {
    let result: Awaited<ReturnType<OAuthCallbackService['callback']>>;
    try {
      result = await options.callback.callback(provider, fields, request.headers.cookie);
    } catch (error) {
      const back = prefersJson(request.headers.accept)
        ? undefined
        : await options.callback.refusalReturnUrl(fields.state);
      if (back === undefined) throw error;
      return returnWithError(error, request, reply, back);
    }
    if (result.failure && result.failure.status >= 500) {
      request.log.error({ err: result.failure, error_type: result.failure.code }, 'OAuth callback failed');
    }
    return guardHeaders(reply)
      .header('set-cookie', clearedStateCookie(result.state, options.secureCookies))
      .redirect(result.location, 303);
  }

  app.get(
    '/v1/public/oauth/:provider/callback',
    // No HEAD twin: a prefetch of the callback URL must not use the state up (SECURITY B8).
    { exposeHeadRoute: false, schema: { params: ProviderParams, querystring: CallbackInput } },
    (request, reply) => callback(request, reply, request.params.provider, request.query),
  );

  app.post(
    '/v1/public/oauth/:provider/callback',
    {
      schema: { params: ProviderParams, body: CallbackInput },
      // The upstream's form_post is cross-site by design; the state and its cookie guard it.
      config: { crossSiteFormPost: true },
    },
    (request, reply) => callback(request, reply, request.params.provider, request.body),
  );
};
