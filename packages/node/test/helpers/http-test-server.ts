/** @module test/helpers/http-test-server — a real node:http server on 127.0.0.1 that records what it was sent. */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A running test server; `handle` may be swapped between tests. */
export interface HttpTestServer {
  url: string;
  requests: RecordedRequest[];
  handle: (request: RecordedRequest, response: ServerResponse) => void;
  close(): Promise<void>;
}

/** Starts a server on an ephemeral loopback port; answers 404 until `handle` is set. */
export async function startHttpTestServer(): Promise<HttpTestServer> {
  const state: HttpTestServer = {
    url: '',
    requests: [],
    handle: (_request, response) => sendJson(response, 404, { error_type: 'not_found' }),
    close: async () => {},
  };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(request);
      state.handle(request, response);
    });
  });
  // Idle keep-alive sockets outlive any pause in a loaded test run: Node closes them after 5 s,
  // and a POST that fetch sends on a socket closing at that moment fails and is not retried.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}

/** Writes a JSON body with the given status. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
