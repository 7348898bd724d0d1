/** @module oauth.plugin — sign-in with an upstream OAuth provider: start, callback, token redemption. */
import { publicUrlOf } from '../../app-config.js';
import { featurePlugin } from '../../feature-plugin.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import { oauthRoutes } from './oauth.routes.js';
import {
  createOAuthAuthenticateService,
  type OAuthAuthenticateService,
} from './oauth-authenticate.service.js';
import { createOAuthCallbackService } from './oauth-callback.service.js';
import { createOAuthConfigSource, type OAuthConfigSource } from './oauth-config-source.js';
import { createOAuthRegistrationsService } from './oauth-registrations.service.js';
import { oauthSdkRoutes } from './oauth-sdk.routes.js';
import { createOAuthStartService } from './oauth-start.service.js';
import { createUpstreamClient, type UpstreamClient } from './upstream/upstream-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each project's OAuth providers (set by the oauth plugin); the development issuer's when it serves. */
    oauthConfigs: OAuthConfigSource;
    /** The client of the upstream providers' token and user-info endpoints. */
    oauthUpstream: UpstreamClient;
    /** Redeems OAuth tokens, from the SDK or the server API. */
    oauthAuthenticate: OAuthAuthenticateService;
  }
}

/** Decorates the app with `oauthConfigs`, `oauthUpstream` and `oauthAuthenticate`; serves the OAuth routes. */
export const oauthPlugin = featurePlugin(
  'oauth',
  ['sessions', 'rate-limits', 'dev-oidc', 'domain-events'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const { keyEncryptionSecret } = config;
    const publicUrl = publicUrlOf(config);
    const upstream = deps.upstream ?? createUpstreamClient({ clock, random });
    const configs = createOAuthConfigSource({ db, keyEncryptionSecret, devIssuer: app.devOidcIssuer });
    const events = app.domainEvents;
    const oauthDeps = { db, clock, random, upstream, keyEncryptionSecret, publicUrl, configs, events };
    const authenticate = createOAuthAuthenticateService({ ...oauthDeps, sessions: app.sessions });
    app.decorate('oauthConfigs', configs);
    app.decorate('oauthUpstream', upstream);
    app.decorate('oauthAuthenticate', authenticate);
    app.register(oauthRoutes, {
      start: createOAuthStartService({ ...oauthDeps, lookups: app.lookupThrottle }),
      callback: createOAuthCallbackService(oauthDeps),
      secureCookies: publicUrl.startsWith('https://'),
    });
    app.register(
      oauthSdkRoutes,
      sdkSignInRoutes(app, {
        db,
        authenticate,
        registrations: createOAuthRegistrationsService({ db, clock, events: app.domainEvents }),
      }),
    );
  },
);
