/**
 * @module tracing — OpenTelemetry traces, off unless asked for (ProviderConfig.otel). The SDK and
 * its instrumentations are imported only then, so a provider without traces neither loads nor
 * keeps them in memory. Where spans go follows the standard OTEL_* variables (OTLP over HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT by default; OTEL_TRACES_EXPORTER=console prints them).
 */
import { createRequire } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Running tracing: flush and stop it at shutdown. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK with spans for Fastify's routes (@fastify/otel, attached to every Fastify
 * instance built after this: its route pattern is the span's `http.route`), incoming and outgoing
 * HTTP, and pg's queries. `spanProcessors` replace the exporter the environment names (tests).
 */
export async function startTracing(options: { spanProcessors?: SpanProcessor[] } = {}): Promise<Tracing> {
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'latchkey-provider',
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
  });
  sdk.start();
  // node:http and pg were loaded before the SDK started (static imports): requiring them once
  // more lets the instrumentations patch their prototypes in place. A bundled pg (npm start)
  // is a copy they cannot see: there, database spans need the unbundled dist/main.js.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');
  return { shutdown: () => sdk.shutdown() };
}
