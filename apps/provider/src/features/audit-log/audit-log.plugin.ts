/** @module audit-log.plugin — records every domain event, serves GET /v1/audit_events, forgets records past retention. */
import { featurePlugin } from '../../feature-plugin.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { recordDomainEvents, sweepAuditEvents } from './audit-log.service.js';
import { AUDIT_SWEEP_INTERVAL_MS, DEFAULT_AUDIT_RETENTION_DAYS } from './audit-log-policy.js';

export const auditLogPlugin = featurePlugin(
  'audit-log',
  ['domain-events', 'operator-keys'],
  async (app, { config, deps }) => {
    recordDomainEvents(app.domainEvents, deps.random);
    app.register(auditLogRoutes, { db: deps.db, operators: app.operatorAuth });
    const retentionDays = config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
    const sweep = () =>
      sweepAuditEvents(deps.db, deps.clock, retentionDays).catch((error: unknown) =>
        app.log.warn(
          { err: error },
          'audit log: deleting records past retention failed; retrying in an hour',
        ),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(sweep, AUDIT_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
);
