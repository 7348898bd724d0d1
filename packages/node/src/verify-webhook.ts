/**
 * @module verify-webhook — checks a webhook the provider delivered, per the Standard Webhooks
 * specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`), with the specification's
 * maintained library, and returns its event.
 */

import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** Why a webhook was refused. */
export type WebhookErrorCode =
  | 'missing_headers'
  | 'invalid_signature'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_payload';

/** A webhook that failed verification: do not act on it; answer 400 (or 401) so the provider retries a real one. */
export class LatchkeyWebhookError extends Error {
  override readonly name = 'LatchkeyWebhookError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A Standard Webhooks event as the provider sends it: `data` is the object as the server API shows it. */
export interface LatchkeyWebhookEvent {
  /** e.g. `user.created`, `session.revoked`. */
  type: string;
  /** When the change happened (RFC 3339). */
  timestamp: string;
  data: Record<string, unknown>;
  [field: string]: unknown;
}

/** Request headers as Node, Express, Fastify or fetch hand them over. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const HEADER_NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerValues(headers: WebhookHeaders): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    for (const name of HEADER_NAMES) {
      const value = headers.get(name);
      if (value !== null) values[name] = value;
    }
    return values;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    const lower = name.toLowerCase();
    if (!(HEADER_NAMES as readonly string[]).includes(lower)) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[lower] = first;
  }
  return values;
}

const CODES: Record<string, WebhookErrorCode> = {
  'Missing required headers': 'missing_headers',
  'Invalid Signature Headers': 'missing_headers',
  'Message timestamp too old': 'timestamp_too_old',
  'Message timestamp too new': 'timestamp_too_new',
  'No matching signature found': 'invalid_signature',
};

/**
 * Verifies `payload` — the request body exactly as received, before any JSON parsing — against
 * its `webhook-*` headers and the endpoint's `secret` (`whsec_…`), and returns the event.
 * Refuses a timestamp more than 5 minutes off this machine's clock (replays). Throws a
 * {@link LatchkeyWebhookError}; a malformed secret throws a plain `Error`.
 *
 * @example
 * app.post('/webhooks/latchkey', express.raw({ type: 'application/json' }), (req, res) => {
 *   const event = verifyWebhook(req.body, req.headers, process.env.LATCHKEY_WEBHOOK_SECRET);
 *   …
 * });
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): LatchkeyWebhookEvent {
  const body = typeof payload === 'string' ? payload : Buffer.from(payload);
  let event: unknown;
  try {
    event = new Webhook(secret).verify(body, headerValues(headers));
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      const code = CODES[error.message] ?? 'invalid_signature';
      throw new LatchkeyWebhookError(code, `The webhook failed verification: ${error.message}.`, {
        cause: error,
      });
    }
    if (error instanceof SyntaxError) {
      throw new LatchkeyWebhookError('invalid_payload', 'The webhook is signed but its body is not JSON.', {
        cause: error,
      });
    }
    throw error;
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new LatchkeyWebhookError('invalid_payload', 'The webhook is signed but is not an event object.');
  }
  return event as LatchkeyWebhookEvent;
}
