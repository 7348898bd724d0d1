/** @module dev-oidc.plugin — the development OpenID issuer at /dev/oidc (development mode, when asked for). */

import { publicUrlOf } from '../../app-config.js';
import { featurePlugin } from '../../feature-plugin.js';
import { devOidcRoutes } from './dev-oidc.routes.js';
import { createDevOidcIssuer, type DevOidcIssuer } from './dev-oidc-issuer.js';

/**
 * Decorates the app with `devOidcIssuer`: the issuer when asked for in development mode (never in
 * production), else undefined; a public URL it cannot be reached at turns it off with a warning.
 * Its clients and secrets live in memory only; main.ts names it in its log, tests read its secrets.
 */
export const devOidcPlugin = featurePlugin('dev-oidc', [], async (app, { config, deps }) => {
  let issuer: DevOidcIssuer | undefined;
  if (config.mode === 'development' && config.devOidcIssuer === true) {
    const created = createDevOidcIssuer({
      clock: deps.clock,
      random: deps.random,
      publicUrl: publicUrlOf(config),
    });
    if (created.ok) issuer = created.issuer;
    else app.log.warn({ problem: created.problem }, 'the development OpenID issuer is off');
  }
  app.decorate('devOidcIssuer', issuer);
  if (issuer) app.register(devOidcRoutes, { issuer });
});
