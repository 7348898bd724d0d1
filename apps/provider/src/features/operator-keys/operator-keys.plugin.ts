/** @module operator-keys.plugin — the operator credential of the administration API, and the routes that manage it. */
import { featurePlugin } from '../../feature-plugin.js';
import { createOperatorAuthenticator, type OperatorAuthenticator } from './operator-auth.js';
import { operatorKeysRoutes } from './operator-keys.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Authenticates `Authorization: Bearer <operator key>` (set by the operator-keys plugin). */
    operatorAuth: OperatorAuthenticator;
  }
}

export const operatorKeysPlugin = featurePlugin(
  'operator-keys',
  ['domain-events'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const operators = createOperatorAuthenticator({ db, clock, envKey: config.operatorKey });
    app.decorate('operatorAuth', operators);
    app.register(operatorKeysRoutes, { db, clock, random, operators, events: app.domainEvents });
  },
);
