/**
 * @module dev-webhook-endpoint — in development, Clickwise registers its own webhook endpoint with
 * its project at start, so `user.deleted` reaches it with no manual step (production sets
 * CLICKWISE_WEBHOOK_SECRET for an endpoint the operator registered).
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { LatchkeyServerClient } from '@latchkey/node';

/** The events the site acts on (latchkey-webhooks.ts). */
export const CLICKWISE_WEBHOOK_EVENTS = ['user.deleted'] as const;

/** The path of the site's webhook route (routes/webhooks-latchkey.ts). */
export const CLICKWISE_WEBHOOK_PATH = '/webhooks/latchkey';

interface WebhookFile {
  endpoint_id: string;
  url: string;
  secret: string;
}

function readWebhookFile(file: string): WebhookFile | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<WebhookFile>;
    return parsed.endpoint_id && parsed.url && parsed.secret ? (parsed as WebhookFile) : null;
  } catch {
    return null;
  }
}

/** Written whole (temporary file, then rename) and readable by this user only: it holds a secret. */
function writeWebhookFile(file: string, content: WebhookFile): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * Makes sure the project has an endpoint at `{publicOrigin}/webhooks/latchkey` whose secret is in
 * `file`: kept when the file names an endpoint the provider still has at that address; the secret
 * of an endpoint there is rotated when the file is missing (so no second endpoint is made); else
 * one is created (a fresh provider database, or a changed address). Returns what it did.
 */
export async function ensureDevWebhookEndpoint(
  latchkey: LatchkeyServerClient,
  options: { file: string; publicOrigin: string },
): Promise<'kept' | 'rotated' | 'created'> {
  const url = `${options.publicOrigin}${CLICKWISE_WEBHOOK_PATH}`;
  const kept = readWebhookFile(options.file);
  const atUrl = (await latchkey.webhookEndpoints.list()).filter((endpoint) => endpoint.url === url);
  if (kept && atUrl.some((endpoint) => endpoint.endpoint_id === kept.endpoint_id)) return 'kept';
  const existing = atUrl[0];
  if (existing) {
    const { endpoint, secret } = await latchkey.webhookEndpoints.rotateSecret(existing.endpoint_id);
    writeWebhookFile(options.file, { endpoint_id: endpoint.endpoint_id, url, secret });
    return 'rotated';
  }
  const { endpoint, secret } = await latchkey.webhookEndpoints.create({
    url,
    event_types: [...CLICKWISE_WEBHOOK_EVENTS],
    description: 'Clickwise (development): deletes the local user on user.deleted',
  });
  writeWebhookFile(options.file, { endpoint_id: endpoint.endpoint_id, url, secret });
  return 'created';
}

/**
 * Runs {@link ensureDevWebhookEndpoint} in the background until it succeeds: the provider may
 * still be starting (`npm start`, the end-to-end stack). Gives up after `attempts` tries, saying why.
 */
export function ensureDevWebhookEndpointInBackground(
  latchkey: () => LatchkeyServerClient,
  options: { file: string; publicOrigin: string; attempts?: number; delayMs?: number },
): Promise<void> {
  const attempts = options.attempts ?? 120;
  const delayMs = options.delayMs ?? 1000;
  return (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const done = await ensureDevWebhookEndpoint(latchkey(), options);
        if (done !== 'kept') console.log(`Clickwise: webhook endpoint ${done} (${options.file})`);
        return;
      } catch (error) {
        if (attempt >= attempts) {
          console.error('Clickwise: could not register its development webhook endpoint:', error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
      }
    }
  })();
}
