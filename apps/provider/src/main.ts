#!/usr/bin/env node
/** @module main — starts the provider: env → config, migrate, dev project, listen on 127.0.0.1:PORT, graceful shutdown. */
import { buildApp } from './app.js';
import { createOffsetClock, systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { createPasswordHasher } from './crypto/password-hasher.js';
import { openDatabase } from './db/open-database.js';
import type { Mailer } from './email/mailer.js';
import { createOutboxMailer } from './email/outbox-mailer.js';
import { createSmtpMailer } from './email/smtp-mailer.js';
import { consoleSiteDir } from './features/console/console-site-dir.js';
import { ensureConsoleOperators } from './features/operator-keys/console-bootstrap.js';
import { devOperatorKeyFilePath, ensureDevOperatorKey } from './features/operator-keys/dev-operator-key.js';
import { ensureDevDemoAccounts } from './features/passwords/dev-demo-accounts.js';
import { devLudsProjectFilePath, ensureDevLudsProject } from './features/projects/dev-luds-project.js';
import { devProjectFilePath, ensureDevProject } from './features/projects/dev-project.js';
import { toProject } from './features/projects/project.js';
import { findProjectById } from './features/projects/projects.repository.js';
import { shutDownGracefully } from './graceful-shutdown.js';
import { createProviderLogger } from './logging/provider-logger.js';
import { type Messenger, noMessenger } from './messaging/messenger.js';
import { createOutboxMessenger } from './messaging/outbox-messenger.js';
import { createTwilioMessenger } from './messaging/twilio-messenger.js';
import { cryptoRandom } from './random.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createProviderLogger({ level: config.logLevel });
  const database = await openDatabase(config, logger);
  logger.info(
    { database: database.kind, migrations_applied: database.applied, mode: config.mode },
    'database ready',
  );

  const mailer: Mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({
        db: database.db,
        clock: systemClock,
        random: cryptoRandom,
        from: config.mailFrom,
        outboxUrl: `${config.publicUrl}/dev/outbox`,
        announce: (line, fields) => logger.info(fields, line),
      });
  if (!config.smtpUrl)
    logger.info({ outbox: `${config.publicUrl}/dev/outbox` }, 'no SMTP_URL: emails go to the dev outbox');

  // SMS/WhatsApp: the messaging API when configured; else the dev outbox (development) or
  // nothing (production: those sends answer 503, every other product works).
  let messenger: Messenger = noMessenger;
  if (config.messagingApi) {
    messenger = createTwilioMessenger(config.messagingApi);
    logger.info({ api: new URL(config.messagingApi.apiUrl).origin }, 'SMS/WhatsApp go to the messaging API');
  } else if (config.mode === 'development') {
    messenger = createOutboxMessenger({
      db: database.db,
      clock: systemClock,
      random: cryptoRandom,
      outboxUrl: `${config.publicUrl}/dev/outbox`,
      announce: (line, fields) => logger.info(fields, line),
    });
    logger.info(
      { outbox: `${config.publicUrl}/dev/outbox` },
      'no LATCHKEY_SMS_API_URL: text messages go to the dev outbox',
    );
  } else {
    logger.warn('no LATCHKEY_SMS_API_URL: SMS and WhatsApp passcode sends answer 503 service_unavailable');
  }

  if (config.mode === 'development') {
    const { credentials, outcome } = await ensureDevProject(database.db, {
      clock: systemClock,
      random: cryptoRandom,
      dataDir: config.dataDir,
    });
    logger.info(
      {
        project_id: credentials.project_id,
        public_token: credentials.public_token,
        secret_file: devProjectFilePath(config.dataDir),
        outcome,
      },
      'development project ready (the secret is in the file)',
    );
    // The demo page's other choices: a LUDS-rules project, and accounts that reach the
    // Breached and Dedupe screens (docs/provider-api.md "Development defaults").
    const luds = await ensureDevLudsProject(database.db, {
      clock: systemClock,
      random: cryptoRandom,
      dataDir: config.dataDir,
    });
    logger.info(
      { project_id: luds.credentials.project_id, secret_file: devLudsProjectFilePath(config.dataDir) },
      'LUDS demo project ready',
    );
    // The CLI's key to this provider's administration API (production: LATCHKEY_OPERATOR_KEY).
    const operatorKey = await ensureDevOperatorKey(database.db, {
      clock: systemClock,
      random: cryptoRandom,
      dataDir: config.dataDir,
    });
    logger.info(
      {
        key_id: operatorKey.keyId,
        key_file: devOperatorKeyFilePath(config.dataDir),
        outcome: operatorKey.outcome,
      },
      'development operator key ready (the key is in the file)',
    );
    const devProject = await findProjectById(database.db, credentials.project_id);
    if (devProject)
      await ensureDevDemoAccounts(
        database.db,
        { clock: systemClock, random: cryptoRandom, hasher: createPasswordHasher() },
        toProject(devProject),
      );
  }

  // The console's operator project, on every start (idempotent); in development an invite link
  // for the first operator until someone has accepted one.
  await ensureConsoleOperators(database.db, {
    clock: systemClock,
    random: cryptoRandom,
    publicUrl: config.publicUrl,
    devDataDir: config.mode === 'development' ? config.dataDir : undefined,
    logger,
  });

  // Issue 23: traces (OTEL_*) and metrics (LATCHKEY_METRICS_*), each loaded only when configured;
  // tracing starts before the app is built so its Fastify instance is instrumented.
  const tracing = config.otel ? await (await import('./telemetry/tracing.js')).startTracing() : undefined;
  const metrics = config.metrics
    ? (await import('./metrics/provider-metrics.js')).createProviderMetrics()
    : undefined;
  metrics?.watchDatabase(database.kind, database.poolStats);

  const devClock = config.devClock ? createOffsetClock(systemClock) : undefined;
  // In development the dev project's OAuth buttons sign in through the provider's own issuer.
  const devOidcIssuer = config.mode === 'development';
  const app = buildApp(
    { ...config, devOidcIssuer, consoleDir: consoleSiteDir() },
    {
      db: database.db,
      clock: devClock ?? systemClock,
      devClock,
      random: cryptoRandom,
      mailer,
      messenger,
      logger,
      changeFeed: database.changeFeed,
      ...(config.webhookClaimSeconds ? { webhooks: { claimMs: config.webhookClaimSeconds * 1000 } } : {}),
      ...(metrics ? { metrics } : {}),
    },
  );
  // Issue 23: the metrics listener (LATCHKEY_METRICS_PORT) and the span flush end with the app.
  if (metrics && config.metrics?.port !== undefined) {
    const { startMetricsServer } = await import('./metrics/metrics-server.js');
    const metricsServer = await startMetricsServer(metrics, config.metrics.host, config.metrics.port);
    app.addHook('onClose', () => metricsServer.close());
    logger.info({ url: `http://${config.metrics.host}:${config.metrics.port}/metrics` }, 'metrics listening');
  }
  if (tracing) {
    app.addHook('onClose', () => tracing.shutdown());
    logger.info('OpenTelemetry traces on');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(
      { signal, drain_seconds: config.shutdownDrainSeconds, grace_seconds: config.shutdownGraceSeconds },
      'shutting down',
    );
    const code = await shutDownGracefully(app, {
      drainMs: config.shutdownDrainSeconds * 1000,
      graceMs: config.shutdownGraceSeconds * 1000,
      logger,
      closeAfterApp: [() => mailer.close?.(), () => database.close()],
    });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  if (app.devOidcIssuer) {
    logger.info(
      { issuer: app.devOidcIssuer.issuer },
      'OAuth sign-ins of the development project go to the development OpenID issuer unless `oauth set` configures the provider',
    );
  }
  logger.info({ url: config.publicUrl }, 'latchkey provider listening');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `latchkey-provider failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.cause) process.stderr.write(`cause: ${String(error.cause)}\n`);
  process.exit(1);
});
