/** @module webhook-outbox — records each webhook event in the outbox, inside the transaction of the change that caused it. */
import type { DomainEventSubscriber } from '../../domain-events/domain-event-bus.js';
import type { Random } from '../../random.js';
import type { UnsubscribedEventTypes } from './unsubscribed-event-types.js';
import { findSubscribedEndpointIds, insertWebhookEvent } from './webhooks.repository.js';

/** A new event id: `msg_` and 32 hex digits; the `webhook-id` of every attempt and replay. */
export function newWebhookEventId(random: Random): string {
  return `msg_${random.uuid().replaceAll('-', '')}`;
}

/**
 * The subscriber: nothing is written when no enabled endpoint of the project takes the type (one
 * indexed read, or none when `unsubscribed` knows it is still so); otherwise the event, with its
 * exact body, and one pending delivery per endpoint.
 */
export function webhookOutbox(random: Random, unsubscribed?: UnsubscribedEventTypes): DomainEventSubscriber {
  return async (db, event) => {
    const load = () => findSubscribedEndpointIds(db, event.projectId, event.type);
    const endpointIds = await (unsubscribed?.endpointIds(event.projectId, event.type, load) ?? load());
    if (endpointIds.length === 0) return;
    const body = JSON.stringify({
      type: event.type,
      timestamp: event.occurredAt.toISOString(),
      data: event.data,
    });
    await insertWebhookEvent(
      db,
      {
        id: newWebhookEventId(random),
        project_id: event.projectId,
        type: event.type,
        body,
        occurred_at: event.occurredAt,
      },
      endpointIds,
    );
  };
}
