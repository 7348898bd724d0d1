/** @module webhook-sender — one signed POST to a receiver: bounded in time, never redirected, its answer read to at most 1 KiB. */
import { Webhook } from 'standardwebhooks';

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What one attempt produced. */
export interface SendOutcome {
  /** The answer's status, or null when none came. */
  statusCode: number | null;
  /** At most RESPONSE_EXCERPT_BYTES of the answer's body (UTF-8, a cut character dropped). */
  responseExcerpt: string;
  /** Why no answer came (`timeout`, a network error's code), or null. */
  error: string | null;
  latencyMs: number;
}

/** One message to send. */
export interface SignedMessage {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  /** The event's id: `webhook-id`, the same for every attempt and replay. */
  eventId: string;
  /** The exact body to sign and send. */
  body: string;
  /** `webhook-timestamp`: when this attempt is made. */
  sentAt: Date;
}

/** Reads at most `limit` bytes of a body, then stops reading (a huge answer costs nothing more). */
async function readExcerpt(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\uFFFD$/, '');
}

/** Why a fetch failed, in a word the log can show (never the receiver's text). */
function errorOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause = error.cause as { code?: unknown } | undefined;
    if (typeof cause?.code === 'string') return cause.code;
    // fetch's own refusals carry no code, only a reason ("bad port": a port fetch never calls),
    // which says more than its "fetch failed".
    if (cause instanceof Error && cause.message) return cause.message.slice(0, 200);
    return error.message.slice(0, 200);
  }
  return 'unknown error';
}

/** Signs `message` per Standard Webhooks and POSTs it, within `timeoutMs` for the whole exchange. */
export async function sendWebhook(message: SignedMessage, timeoutMs: number): Promise<SendOutcome> {
  const signature = new Webhook(message.secret).sign(message.eventId, message.sentAt, message.body);
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(message.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Latchkey-Webhooks/1',
        'webhook-id': message.eventId,
        'webhook-timestamp': String(Math.floor(message.sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: message.body,
      // A redirect is the receiver's answer, not a new address to send the signed event to.
      redirect: 'manual',
      signal,
    });
    const responseExcerpt = await readExcerpt(response, RESPONSE_EXCERPT_BYTES).catch(() => '');
    return { statusCode: response.status, responseExcerpt, error: null, latencyMs: latency() };
  } catch (error) {
    return { statusCode: null, responseExcerpt: '', error: errorOf(error), latencyMs: latency() };
  }
}
