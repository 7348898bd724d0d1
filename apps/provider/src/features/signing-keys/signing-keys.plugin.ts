/** @module signing-keys.plugin — the key ring that signs session JWTs, and the JWKS route that publishes it. */

import { featurePlugin } from '../../feature-plugin.js';
import { jwksRoutes } from './jwks.routes.js';
import type { KeyRing } from './key-ring.js';
import { createKeyRing } from './key-ring.js';
import { SESSION_JWT_LIFETIME_SECONDS } from './signing-key-policy.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signing keys (set by the signing-keys plugin). */
    keyRing: KeyRing;
  }
}

/** Decorates the app with `keyRing` (the injected one in tests of rotation) and serves the JWKS. */
export const signingKeysPlugin = featurePlugin('signing-keys', [], async (app, { config, deps }) => {
  const { db, clock, random } = deps;
  const keyRing =
    deps.keyRing ??
    createKeyRing({
      db,
      clock,
      random,
      encryptionSecret: config.keyEncryptionSecret,
      maxJwtLifetimeMs: SESSION_JWT_LIFETIME_SECONDS * 1000,
    });
  app.decorate('keyRing', keyRing);
  app.register(jwksRoutes, { db, keyRing });
});
