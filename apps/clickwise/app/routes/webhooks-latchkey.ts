/**
 * POST /webhooks/latchkey — Latchkey's signed events (Standard Webhooks), server to server: no
 * same-origin check (the provider sends no Origin; the signature is the proof). A resource route.
 */
import type { ActionFunctionArgs } from 'react-router';
import { receiveLatchkeyWebhook } from '../.server/latchkey-webhooks.js';
import { appOf } from '../.server/request.js';

/** Far above any event the provider sends (a user object); an unauthenticated sender cannot make the site buffer more. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** The body as text, or null once it passes `limit` bytes (read no further). */
async function boundedText(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405 });
  const app = appOf(context);
  // The raw text: the signature covers the exact bytes, not a re-serialised object.
  const rawBody = await boundedText(request, MAX_WEBHOOK_BYTES);
  if (rawBody === null) return Response.json({ error: 'payload_too_large' }, { status: 413 });
  const answer = await receiveLatchkeyWebhook(
    app.db,
    app.clock,
    { rawBody, headers: request.headers },
    app.config.webhookSecret(),
  );
  return Response.json(answer.body, { status: answer.status });
}

/** A GET is not a webhook. */
export function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
