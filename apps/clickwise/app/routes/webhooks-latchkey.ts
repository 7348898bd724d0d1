/**
 * POST /webhooks/latchkey — Latchkey's signed events (Standard Webhooks), server to server: no
 * same-origin check (the provider sends no Origin; the signature is the proof). A resource route.
 */
import type { ActionFunctionArgs } from 'react-router';
import { receiveLatchkeyWebhook } from '../.server/latchkey-webhooks.js';
import { appOf } from '../.server/request.js';

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405 });
  const app = appOf(context);
  // The raw text: the signature covers the exact bytes, not a re-serialised object.
  const rawBody = await request.text();
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
