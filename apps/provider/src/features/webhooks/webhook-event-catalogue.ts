/**
 * @module webhook-event-catalogue — the event types an endpoint may filter on, each with a line
 * saying when it is sent (what `GET /v1/webhooks/event_types` answers, so a console or a script
 * offers exactly the types this provider publishes).
 */
import { WEBHOOK_EVENT_TYPE_NAMES, type WebhookEventTypeName } from '@latchkey/wire';

const WHEN_SENT: Record<WebhookEventTypeName, string> = {
  'user.created': 'A user is created: any sign-up, or the server API creates one.',
  'user.updated': 'A user’s profile or metadata changes.',
  'user.deleted': 'A user is deleted.',
  'session.created': 'A sign-in starts a session (every method, a completed second factor).',
  'session.revoked': 'A session ends early: sign-out, a password change, a factor removed, a revoke.',
  'factor.added': 'A passkey, address, number, wallet, OAuth identity or authenticator app is added.',
  'factor.removed': 'A passkey, OAuth identity or authenticator app is removed.',
  'password.changed': 'A user’s password is reset or changed.',
  'login.locked': 'Too many wrong passwords or codes lock a user’s sign-in.',
};

/** Every type, in the documented order. */
export const WEBHOOK_EVENT_CATALOGUE = WEBHOOK_EVENT_TYPE_NAMES.map((type) => ({
  event_type: type,
  description: WHEN_SENT[type],
}));
