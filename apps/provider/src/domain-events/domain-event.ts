/**
 * @module domain-event — what happened to a project's users, sessions or settings, as the
 * features that make the change announce it. Webhooks and the audit log are built from these.
 */
import { WEBHOOK_EVENT_TYPE_NAMES, type WebhookEventTypeName } from '@latchkey/wire';

/** Who made the change: an operator (admin API, CLI, console), the project's server (its secret), the user themselves, or the provider (expiry, lockout). */
export type EventActor =
  | { type: 'operator'; id: string }
  | { type: 'project'; id: string }
  | { type: 'user'; id: string }
  | { type: 'system' };

/** The events webhooks may carry (Standard Webhooks `type`; the wire's list); the audit log records these and more. */
export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPE_NAMES;

export type WebhookEventType = WebhookEventTypeName;

/** Administrative changes that only the audit log records (dotted like the webhook types). */
export type AdministrativeEventType =
  | `project.${string}`
  | `oauth_provider.${string}`
  | `webhook_endpoint.${string}`;

export type DomainEventType = WebhookEventType | AdministrativeEventType;

/**
 * Changes to the deployment rather than to one project (operator keys, console operators). Only the
 * audit log records them, with no project: webhooks belong to projects, and no project's back end may read them.
 */
export type DeploymentEventType = `operator_key.${string}` | `console_operator.${string}`;

/** A deployment change, announced inside the transaction that makes it; the rest as DomainEvent's. */
export interface DeploymentEvent extends Omit<DomainEvent, 'type' | 'projectId'> {
  type: DeploymentEventType;
  projectId: null;
}

/** One change, announced inside the transaction that makes it. */
export interface DomainEvent {
  type: DomainEventType;
  projectId: string;
  actor: EventActor;
  /** When the change was made (the injected clock). */
  occurredAt: Date;
  /** The object the change is about, as the server API shows it (a user, a session, a factor); what a webhook carries as `data`. */
  data: Record<string, unknown>;
  /** The address the change came from, when a request made it. */
  ipAddress?: string | null;
  /** Settings changes: the values before and after (secrets left out). */
  changes?: { before: unknown; after: unknown };
}
