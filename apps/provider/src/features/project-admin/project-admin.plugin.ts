/**
 * @module project-admin.plugin — the project administration API (operator key): projects, their
 * settings, secrets and OAuth providers. A change applies at once in this process (its cached
 * projects are dropped before the answer) and, through the `latchkey_project_changes`
 * notification, in every other process on the database as soon as the notification arrives.
 */
import type { Clock } from '../../clock.js';
import { featurePlugin } from '../../feature-plugin.js';
import { PROJECT_CHANGES_CHANNEL } from '../projects/project-lookup.js';
import { devProjectsRoutes } from './dev-projects.routes.js';
import { projectAdminRoutes } from './project-admin.routes.js';
import { createProjectAdminService } from './project-admin.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock, for checks outside a feature's own services (secret-auth's grace period). */
    clock: Clock;
  }
}

export const projectAdminPlugin = featurePlugin(
  'project-admin',
  ['domain-events', 'operator-keys'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    app.decorate('clock', clock);
    const changed = () => app.projectLookup.forgetAll();
    const feed = deps.changeFeed?.(PROJECT_CHANGES_CHANNEL);
    const unsubscribe = feed?.subscribe({ onChange: changed, onReset: changed });
    app.addHook('onReady', async () => feed?.ready());
    app.addHook('onClose', async () => {
      unsubscribe?.();
      await feed?.close();
    });
    const admin = createProjectAdminService({
      db,
      clock,
      random,
      events: app.domainEvents,
      keyEncryptionSecret: config.keyEncryptionSecret,
      changed,
    });
    app.register(projectAdminRoutes, { db, clock, operators: app.operatorAuth, admin });
    if (config.dataDir !== undefined)
      app.register(devProjectsRoutes, {
        db,
        clock,
        random,
        dataDir: config.dataDir,
        operators: app.operatorAuth,
        changed,
      });
  },
);
