/** @module server-api.plugin — the routes a project's back end calls with its secret. */
import { featurePlugin } from '../../feature-plugin.js';
import { createSessionManagement } from '../sessions/session-management.js';
import { signInDepsOf } from '../sessions/sign-in-deps.js';
import { serverCryptoWalletsRoutes } from './server-crypto-wallets.routes.js';
import { serverMagicLinkSendsRoutes } from './server-magic-link-sends.routes.js';
import { serverMagicLinksRoutes } from './server-magic-links.routes.js';
import { serverOAuthRoutes } from './server-oauth.routes.js';
import { serverOtpsRoutes } from './server-otps.routes.js';
import { serverSessionManagementRoutes } from './server-session-management.routes.js';
import { serverSessionsRoutes } from './server-sessions.routes.js';
import { serverTotpsRoutes } from './server-totps.routes.js';
import { serverWebauthnRoutes } from './server-webauthn.routes.js';

export const serverApiPlugin = featurePlugin(
  'server-api',
  [
    'signing-keys',
    'sessions',
    'magic-links',
    'otps',
    'oauth',
    'webauthn',
    'rate-limits',
    'domain-events',
    'mfa',
    'totps',
    'crypto-wallets',
  ],
  async (app, { config, deps }) => {
    const { db } = deps;
    const signIn = signInDepsOf(app);
    app.register(serverSessionsRoutes, {
      ...signIn,
      db,
      keyRing: app.keyRing,
      issuer: config.issuer,
    });
    app.register(serverMagicLinksRoutes, { ...signIn, db, redeem: app.magicLinkRedeem });
    app.register(serverOAuthRoutes, { ...signIn, db, authenticate: app.oauthAuthenticate });
    app.register(serverSessionManagementRoutes, {
      db,
      clock: deps.clock,
      keyRing: app.keyRing,
      issuer: config.issuer,
      management: createSessionManagement({ db, clock: deps.clock, events: app.domainEvents }),
    });
    // The sends and the passcode redemption (issue 20): the browser's services, the project as actor.
    const caller = {
      db,
      sessions: signIn.sessions,
      keyRing: app.keyRing,
      issuer: config.issuer,
      now: () => deps.clock.now(),
    };
    app.register(serverMagicLinkSendsRoutes, {
      db,
      send: app.magicLinkSend,
      invites: app.magicLinkInvites,
      caller,
    });
    app.register(serverOtpsRoutes, {
      ...signIn,
      db,
      send: app.otpSend,
      redeem: app.otpRedeem,
      caller,
    });
    app.register(serverTotpsRoutes, {
      ...signIn,
      db,
      enrol: app.totpEnrol,
      authenticate: app.totpAuthenticate,
      secondFactor: app.secondFactor,
      caller,
    });
    app.register(serverWebauthnRoutes, {
      ...signIn,
      db,
      register: app.webauthnRegister,
      authenticate: app.webauthnAuthenticate,
      registrations: app.webauthnRegistrations,
      lookups: app.lookupThrottle,
      caller,
    });
    app.register(serverCryptoWalletsRoutes, {
      ...signIn,
      db,
      start: app.cryptoWalletStart,
      authenticate: app.cryptoWalletAuthenticate,
      caller,
    });
  },
);
