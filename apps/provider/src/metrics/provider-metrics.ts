/**
 * @module provider-metrics — the provider's Prometheus metrics on a registry of its own (never
 * prom-client's global one, so two apps in one process — tests, a second instance — never mix):
 * request latency by route pattern, the activity counts (sign-ins, failures, lockouts, rate-limit
 * hits, emails and texts), webhook attempts by outcome, the database pool, and prom-client's
 * process metrics (CPU, memory, event-loop lag, GC).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ACTIVITY_METRICS, type ActivityMetric } from '../activity/activity-counters.js';

/** A connection pool's state: pg.Pool's totalCount, idleCount and waitingCount. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What happened to one webhook attempt. */
export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** The metrics and the calls that feed them. */
export interface ProviderMetrics {
  registry: Registry;
  /** One answered request: `route` is the route's pattern (`/v1/users/:user_id`), never the URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One activity event, as app.activity counts it (register-activity.ts feeds both). */
  countActivity(metric: ActivityMetric, method: string): void;
  countWebhookAttempt(outcome: WebhookAttemptOutcome): void;
  /** Reports `kind` and, when it has a pool (PostgreSQL), the pool's state at each scrape. */
  watchDatabase(kind: 'pglite' | 'postgres', poolStats: (() => PoolStats) | undefined): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** Sign-ins and their failures carry the method; the rest are per-provider totals. */
const BY_METHOD: ReadonlySet<ActivityMetric> = new Set(['sign_ins', 'sign_in_failures']);

/** Seconds: 1 ms (a cached session check) to 10 s (a timed-out upstream). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A fresh registry with every metric; `processMetrics: false` leaves out prom-client's defaults (tests). */
export function createProviderMetrics(options: { processMetrics?: boolean } = {}): ProviderMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'latchkey_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code (its _count is the request rate).',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const activity = new Map(
    ACTIVITY_METRICS.map((metric) => [
      metric,
      new Counter({
        name: `latchkey_${metric}_total`,
        help: `Activity: ${metric.replaceAll('_', ' ')}${BY_METHOD.has(metric) ? ', by sign-in method' : ''}.`,
        labelNames: BY_METHOD.has(metric) ? ['method'] : [],
        registers: [registry],
      }),
    ]),
  );
  const webhookAttempts = new Counter({
    name: 'latchkey_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered, retrying (will be tried again) or failed (given up).',
    labelNames: ['outcome'],
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    countActivity(metric, method) {
      const counter = activity.get(metric);
      if (!counter) return;
      if (BY_METHOD.has(metric)) counter.inc({ method: method || 'unknown' });
      else counter.inc();
    },
    countWebhookAttempt(outcome) {
      webhookAttempts.inc({ outcome });
    },
    watchDatabase(kind, poolStats) {
      new Gauge({
        name: 'latchkey_database_info',
        help: 'The database engine (pglite: embedded, one connection, no pool).',
        labelNames: ['kind'],
        registers: [registry],
      }).set({ kind }, 1);
      if (!poolStats) return;
      const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(poolStats()));
          },
        });
      gauge('latchkey_database_pool_connections', 'Open PostgreSQL connections in the pool.', (s) => s.total);
      gauge('latchkey_database_pool_idle', 'Pooled PostgreSQL connections not in use.', (s) => s.idle);
      gauge(
        'latchkey_database_pool_waiting',
        'Queries waiting for a pooled connection (above 0 for long: the pool is too small).',
        (s) => s.waiting,
      );
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
