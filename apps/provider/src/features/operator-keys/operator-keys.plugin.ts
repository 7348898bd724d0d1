/** @module operator-keys.plugin — the operator credentials of the administration API (keys and console sessions), and the routes that manage them. */
import { publicUrlOf } from '../../app-config.js';
import { featurePlugin } from '../../feature-plugin.js';
import { consoleOperatorsRoutes } from './console-operators.routes.js';
import { createConsoleSessionAuth } from './console-session-auth.js';
import { createOperatorAuthenticator, type OperatorAuthenticator } from './operator-auth.js';
import { operatorKeysRoutes } from './operator-keys.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Authenticates `Authorization: Bearer <operator credential>` (set by the operator-keys plugin). */
    operatorAuth: OperatorAuthenticator;
  }
}

export const operatorKeysPlugin = featurePlugin(
  'operator-keys',
  ['sessions', 'signing-keys', 'dev-oidc', 'domain-events'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const consoleSessions = createConsoleSessionAuth({
      db,
      clock,
      sessions: app.sessions,
      keyRing: app.keyRing,
      issuer: config.issuer,
    });
    const operators = createOperatorAuthenticator({ db, clock, envKey: config.operatorKey, consoleSessions });
    app.decorate('operatorAuth', operators);
    app.register(operatorKeysRoutes, { db, clock, random, operators, events: app.domainEvents });
    app.register(consoleOperatorsRoutes, {
      db,
      clock,
      random,
      publicUrl: publicUrlOf(config),
      developmentIssuer: app.devOidcIssuer?.issuer,
      operators,
      consoleSessions,
      events: app.domainEvents,
    });
  },
);
