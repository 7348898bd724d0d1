/**
 * A webhook receiver on 127.0.0.1, as an integrator runs one: it verifies every request with the
 * Standard Webhooks library and records it. It can answer any status, and go down (refusing
 * connections) and come back on the same port.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body when the library verified it; undefined when verification failed. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | undefined;
  verifyError: string | undefined;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The secret requests are verified with (set once the endpoint is created). */
  secret: string;
  /** The status the next requests are answered with (200 by default), an optional body and headers. */
  answer(status: number, body?: string, headers?: Record<string, string>): void;
  /** Waits this long before answering each request (0 by default). */
  delayMs: number;
  /** While true, requests are recorded but left unanswered (a receiver that hangs). */
  hang: boolean;
  /** Refuses connections until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let status = 200;
  let answerBody = 'ok';
  let answerHeaders: Record<string, string> = {};
  const received: ReceivedWebhook[] = [];
  const handle = async (request: IncomingMessage, response: import('node:http').ServerResponse) => {
    const body = await readBody(request);
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    let verified: ReceivedWebhook['verified'];
    let verifyError: string | undefined;
    try {
      verified = new Webhook(receiver.secret).verify(body, headers) as ReceivedWebhook['verified'];
    } catch (error) {
      verifyError = error instanceof Error ? error.message : String(error);
    }
    received.push({
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      verified,
      verifyError,
    });
    if (receiver.hang) return;
    if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
    response.writeHead(status, { 'content-type': 'text/plain', ...answerHeaders }).end(answerBody);
  };
  let server: Server = createServer((request, response) => void handle(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    secret: '',
    delayMs: 0,
    hang: false,
    answer(next, body = 'ok', headers = {}) {
      status = next;
      answerBody = body;
      answerHeaders = headers;
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      server = createServer((request, response) => void handle(request, response));
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
