/**
 * @module graceful-shutdown — what SIGTERM/SIGINT does (issue 23): readiness flips to 503 first so a
 * load balancer stops sending requests, then the listener closes (new connections are refused, not
 * left hanging), requests in flight finish within the grace period, the workers stop and flush
 * (deliveries, webhooks, activity counts: each plugin's onClose), then the pool closes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Options of shutDownGracefully. */
export interface GracefulShutdownOptions {
  /** How long /readyz answers 503 while requests are still served (the balancer's time to notice). */
  drainMs: number;
  /** How long requests in flight get once the listener is closed; then their connections are cut. */
  graceMs: number;
  logger: FastifyBaseLogger;
  /** What to close after the app (mailer, database), in order. */
  closeAfterApp: ReadonlyArray<() => Promise<void> | void>;
}

/** Connections are swept this often once closing: a keep-alive connection goes as soon as its last answer is out. */
const IDLE_SWEEP_MS = 50;
/** After the grace period the workers' own bounded stops (5 s for deliveries) and the pool's close get this long. */
const AFTER_GRACE_MS = 10_000;

/** Shuts `app` down; resolves with the exit code (0 when everything closed in time). */
export async function shutDownGracefully(
  app: FastifyInstance,
  options: GracefulShutdownOptions,
): Promise<number> {
  const { logger } = options;
  app.readiness.startDraining();
  if (options.drainMs > 0) {
    logger.info(
      { drain_ms: options.drainMs },
      'draining: /readyz answers 503 while requests are still served',
    );
    await sleep(options.drainMs);
  }
  // Keep-alive connections idle now are closed by app.close(); those busy now close when their
  // answer is out (Node keeps them open otherwise, until its keep-alive timeout).
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let cut = false;
  const grace = setTimeout(() => {
    cut = true;
    logger.warn({ grace_ms: options.graceMs }, 'grace period over: cutting the connections still open');
    app.server.closeAllConnections();
  }, options.graceMs);
  const giveUp = new Promise<'late'>((resolve) => {
    setTimeout(() => resolve('late'), options.graceMs + AFTER_GRACE_MS).unref();
  });
  try {
    const closed = (async () => {
      await app.close();
      clearInterval(sweep);
      clearTimeout(grace);
      for (const close of options.closeAfterApp) await close();
      return 'closed' as const;
    })();
    const outcome = await Promise.race([closed, giveUp]);
    if (outcome === 'late') {
      logger.error('shutdown did not finish in time; exiting anyway');
      return 1;
    }
    logger.info({ cut_connections: cut }, 'shut down');
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
  }
}
