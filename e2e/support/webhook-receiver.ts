// A webhook receiver as an integrator writes one, on 127.0.0.1: it verifies each raw body with
// `verifyWebhook` of @latchkey/node and answers 204 (or 400, keeping why verification failed).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LatchkeyWebhookEvent, verifyWebhook } from '@latchkey/node';

/** What the receiver got: each request's webhook-id and the event, or why verification failed. */
export interface Received {
  id: string;
  event?: LatchkeyWebhookEvent;
  error?: string;
}

/** Starts a receiver; set `state.secret` to the endpoint's signing secret before events arrive. */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const state = { secret: '' };
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const id = String(request.headers['webhook-id'] ?? '');
    try {
      received.push({
        id,
        event: verifyWebhook(Buffer.concat(chunks).toString('utf8'), request.headers, state.secret),
      });
      response.writeHead(204).end();
    } catch (error) {
      received.push({ id, error: (error as Error).message });
      response.writeHead(400).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/latchkey`, received, state, close: () => server.close() };
}
