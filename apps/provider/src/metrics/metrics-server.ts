/** @module metrics-server — GET /metrics on a listener of its own (LATCHKEY_METRICS_PORT), apart from the public port. */
import { createServer, type Server } from 'node:http';
import type { ProviderMetrics } from './provider-metrics.js';

/** Listens on `host:port`; only GET /metrics answers. Resolves once listening. */
export async function startMetricsServer(
  metrics: ProviderMetrics,
  host: string,
  port: number,
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
