/** @module latchkey-webhooks — acts on the provider's signed events: `user.deleted` erases the local user. */
import { LatchkeyWebhookError, verifyWebhook } from '@latchkey/node';
import type { Clock } from './clock.js';
import type { Db } from './db/database.js';

/** What the route answers the provider (a 4xx makes it retry a genuine event later). */
export interface WebhookAnswer {
  status: number;
  body: { ok: true; duplicate?: true; ignored?: true } | { error: string };
}

/**
 * Verifies `rawBody` (the bytes as received) against the `webhook-*` headers and `secret`, then
 * acts once per `webhook-id`. `user.deleted` deletes the local user of `data.user_id`; their site
 * sessions and campaigns (drafts included) go with it by the tables' `on delete cascade`. The id
 * is recorded in the same transaction as the deletion, so a redelivery finds it and does nothing.
 * Any other event type is acknowledged and ignored. No secret (not configured) is a 503: the
 * provider retries, nothing is lost.
 */
export async function receiveLatchkeyWebhook(
  db: Db,
  clock: Clock,
  request: { rawBody: string; headers: Headers },
  secret: string | null,
): Promise<WebhookAnswer> {
  if (!secret) return { status: 503, body: { error: 'webhook_secret_not_configured' } };
  let event: ReturnType<typeof verifyWebhook>;
  try {
    event = verifyWebhook(request.rawBody, request.headers, secret);
  } catch (error) {
    if (!(error instanceof LatchkeyWebhookError)) throw error;
    return { status: error.code === 'invalid_payload' ? 400 : 401, body: { error: error.code } };
  }
  const webhookId = request.headers.get('webhook-id') ?? '';
  const userId = event.data.user_id;
  if (event.type === 'user.deleted' && (typeof userId !== 'string' || userId === '')) {
    return { status: 400, body: { error: 'invalid_payload' } };
  }
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('received_webhooks')
      .values({ webhook_id: webhookId, event_type: event.type, received_at: clock.now() })
      .onConflict((oc) => oc.column('webhook_id').doNothing())
      .returning('webhook_id')
      .executeTakeFirst();
    if (!recorded) return { status: 200, body: { ok: true, duplicate: true } };
    if (event.type !== 'user.deleted') return { status: 200, body: { ok: true, ignored: true } };
    await trx
      .deleteFrom('users')
      .where('latchkey_user_id', '=', userId as string)
      .execute();
    return { status: 200, body: { ok: true } };
  });
}
