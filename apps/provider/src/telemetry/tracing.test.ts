/**
 * Issue 23 "traces": with tracing on, a request produces a span named by its route pattern, and
 * database statements produce spans under it (PostgreSQL; PGlite has no driver to instrument).
 */
import { tracing as sdkTracing } from '@opentelemetry/sdk-node';
import { afterAll, describe, expect, it } from 'vitest';
import { devProjectAuthorization } from '../../test/server-api-calls.js';
import { useTestContext } from '../../test/use-test-context.js';
import { startTracing, type Tracing } from './tracing.js';

const exporter = new sdkTracing.InMemorySpanExporter();
let tracing: Tracing | undefined;
// Started before the app is built, as main.ts does: the instrumentation attaches to Fastify instances as they are made.
const ctx = useTestContext(async () => {
  tracing = await startTracing({ spanProcessors: [new sdkTracing.SimpleSpanProcessor(exporter)] });
  return {};
});
afterAll(async () => tracing?.shutdown());

describe('OpenTelemetry traces', () => {
  it('records a span carrying the route pattern of a request', async () => {
    exporter.reset();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users/search',
      headers: { authorization: devProjectAuthorization(ctx) },
      payload: { limit: 1 },
    });
    expect(answer.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const routeSpan = spans.find((span) => span.attributes['http.route'] === '/v1/users/search');
    expect(routeSpan, JSON.stringify(spans.map((s) => [s.name, s.attributes]))).toBeDefined();
    if (ctx.database.kind === 'postgres') {
      const traceId = routeSpan?.spanContext().traceId;
      expect(
        spans.some((span) => span.name.startsWith('pg.query') && span.spanContext().traceId === traceId),
      ).toBe(true);
    }
  });
});
