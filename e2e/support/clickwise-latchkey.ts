// Clickwise's Latchkey project as its server sees it: the server API with its secret, and the
// webhook endpoint Clickwise registered at start (both files in the provider's data directory).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLatchkeyServerClient, type LatchkeyServerClient } from '@latchkey/node';
import { e2eDataDir, providerUrl } from './stack.js';

function readJson(file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(e2eDataDir, file), 'utf8')) as Record<string, string>;
}

/** The server client of Clickwise's project (the secret the site itself uses). */
export function clickwiseLatchkey(): LatchkeyServerClient {
  const project = readJson('clickwise-project.json');
  return createLatchkeyServerClient({
    providerUrl,
    projectId: project.project_id ?? '',
    secret: project.secret ?? '',
  });
}

/** The Latchkey user id of `email` in Clickwise's project, or null when there is none. */
export async function latchkeyUserIdOf(email: string): Promise<string | null> {
  const page = await clickwiseLatchkey().users.search({
    query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
  });
  return page.results[0]?.user_id ?? null;
}

/** The id of the endpoint Clickwise registered at start, once it has (null before). */
export function clickwiseWebhookEndpointId(): string | null {
  const file = join(e2eDataDir, 'clickwise-webhook.json');
  return existsSync(file) ? (readJson('clickwise-webhook.json').endpoint_id ?? null) : null;
}

/** One `user.deleted` delivery to Clickwise's endpoint: its state and its last attempt's answer. */
export interface UserDeletedDelivery {
  eventId: string;
  state: string;
  statusCode: number | null;
  responseExcerpt: string;
}

/** The `user.deleted` deliveries to Clickwise's endpoint, newest first (none before it registered). */
export async function userDeletedDeliveries(): Promise<UserDeletedDelivery[]> {
  const endpointId = clickwiseWebhookEndpointId();
  if (!endpointId) return [];
  const { deliveries } = await clickwiseLatchkey().webhookEndpoints.deliveries(endpointId, { limit: 100 });
  return deliveries
    .filter((each) => each.event_type === 'user.deleted')
    .map((each) => {
      const last = each.attempts.at(-1);
      return {
        eventId: each.event_id,
        state: each.state,
        statusCode: last?.status_code ?? null,
        responseExcerpt: last?.response_excerpt ?? '',
      };
    });
}
