/** @module register-retention — `app.retention`: the scheduled clean-up, started when the app is ready and stopped when it closes. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../app-config.js';
import type { AppDeps } from '../app-deps.js';
import { DEFAULT_RETENTION } from './retention-policy.js';
import { createRetentionRunner, type RetentionRunner } from './retention-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention clean-up of this process (tests run it with `runOnce`). */
    retention: RetentionRunner;
  }
}

export function registerRetention(
  app: FastifyInstance,
  config: AppConfig,
  deps: Pick<AppDeps, 'db' | 'clock' | 'retention'>,
): void {
  const runner = createRetentionRunner({
    db: deps.db,
    clock: deps.clock,
    settings: config.retention ?? DEFAULT_RETENTION,
    log: app.log,
  });
  app.decorate('retention', runner);
  app.addHook('onReady', async () => {
    if (deps.retention?.autoStart !== false) runner.start();
  });
  app.addHook('onClose', () => runner.stop());
}
