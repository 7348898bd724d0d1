/** @module sample-webhooks — a webhook endpoint as the provider lists it, for the webhook pages' tests. */
import type { WebhookEndpoint } from '../pages/webhooks/webhooks-data.js';

/** An enabled endpoint `id` that listens to every event. */
export const sampleEndpoint = (id: string): WebhookEndpoint => ({
  endpoint_id: id,
  url: `https://hooks.example.com/${id}`,
  description: '',
  event_types: [],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
});
