/** @module webhook-endpoints.service — a project's webhook endpoints: create, change, rotate the secret, read the delivery log, replay. */
import { WEBHOOK_TEST_EVENT_TYPE, type WebhookDelivery, type WebhookEndpoint } from '@latchkey/wire';
import { webhookUrlProblem } from '@latchkey/wire/project-urls';
import type { Clock } from '../../clock.js';
import { sealSecret } from '../../crypto/key-encryption.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { newWebhookEventId } from './webhook-outbox.js';
import {
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  findWebhookEvent,
  insertWebhookEndpoint,
  insertWebhookEvent,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  queueWebhookReplay,
  updateWebhookEndpoint,
  type WebhookEndpointChanges,
} from './webhooks.repository.js';
import type { WebhookEndpointRow } from './webhooks.table.js';

/** What a create or an update may set (validated by the route's schema, the URL here). */
export interface EndpointInput {
  url?: string;
  event_types?: string[];
  enabled?: boolean;
  description?: string;
}

/** Who asks and from where (the audit log's fields). */
export interface Caller {
  project: Project;
  ipAddress: string | null;
  /** The project's server, or an operator acting on the project (secret-auth serverActor). */
  actor: EventActor;
}

export interface WebhookEndpointsService {
  create(
    caller: Caller,
    input: EndpointInput & { url: string },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  list(project: Project): Promise<WebhookEndpoint[]>;
  get(project: Project, id: string): Promise<WebhookEndpoint>;
  update(caller: Caller, id: string, input: EndpointInput): Promise<WebhookEndpoint>;
  remove(caller: Caller, id: string): Promise<void>;
  rotateSecret(caller: Caller, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  deliveries(
    project: Project,
    id: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ deliveries: WebhookDelivery[]; next_cursor: string | null }>;
  replay(caller: Caller, id: string, eventId: string): Promise<void>;
  /** Queues a `webhook.test` event for this endpoint alone (whatever its filter); its event id. */
  sendTestEvent(caller: Caller, id: string): Promise<string>;
}

export interface WebhookEndpointsDeps {
  db: Db;
  clock: Clock;
  random: Random;
  mode: 'development' | 'production';
  keyEncryptionSecret: string | undefined;
  events: DomainEventBus;
  /** Wakes this process's worker (a replay is due at once). */
  wake(): void;
}

/** The endpoint as the API shows it, never its secret. */
export function endpointObject(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    endpoint_id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createWebhookEndpointsService(deps: WebhookEndpointsDeps): WebhookEndpointsService {
  /** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
  const newSecret = () => {
    const plaintext = `whsec_${Buffer.from(deps.random.bytes(32)).toString('base64')}`;
    const key = deps.keyEncryptionSecret;
    return {
      plaintext,
      stored: {
        secret: key ? sealSecret(plaintext, key, deps.random) : plaintext,
        secret_encryption: key ? ('aes-256-gcm' as const) : ('none' as const),
      },
    };
  };

  const checkUrl = (url: string | undefined) => {
    if (url === undefined) return;
    const problem = webhookUrlProblem(url, deps.mode);
    if (problem)
      throw new ApiError('invalid_request', {
        message: `url ${problem}.`,
        body: [{ dataPath: '.url', message: problem }],
      });
  };

  const requireEndpoint = async (db: DbExecutor, project: Project, id: string) => {
    const row = await findWebhookEndpoint(db, project.id, id);
    if (!row) throw new ApiError('webhook_endpoint_not_found');
    return row;
  };

  /** Announces an administrative change for the audit log, in its transaction. */
  const announce = (
    db: DbExecutor,
    caller: Caller,
    what: string,
    endpoint: WebhookEndpoint,
    before?: WebhookEndpoint,
  ) =>
    deps.events.publish(db, {
      type: `webhook_endpoint.${what}`,
      projectId: caller.project.id,
      actor: caller.actor,
      occurredAt: deps.clock.now(),
      data: endpoint,
      ipAddress: caller.ipAddress,
      ...(before ? { changes: { before, after: endpoint } } : {}),
    });

  return {
    async create(caller, input) {
      checkUrl(input.url);
      const now = deps.clock.now();
      const secret = newSecret();
      const endpoint = await inTransaction(deps.db, async (trx) => {
        const row = await insertWebhookEndpoint(trx, {
          id: newId('webhookEndpoint', caller.project.environment, deps.random),
          project_id: caller.project.id,
          url: input.url,
          event_types: JSON.stringify([...new Set(input.event_types ?? [])]),
          enabled: input.enabled ?? true,
          disabled_reason: null,
          description: input.description ?? '',
          ...secret.stored,
          created_at: now,
          updated_at: now,
        });
        const created = endpointObject(row);
        await announce(trx, caller, 'created', created);
        return created;
      });
      return { endpoint, secret: secret.plaintext };
    },

    async list(project) {
      return (await listWebhookEndpoints(deps.db, project.id)).map(endpointObject);
    },

    async get(project, id) {
      return endpointObject(await requireEndpoint(deps.db, project, id));
    },

    async update(caller, id, input) {
      checkUrl(input.url);
      const changes: WebhookEndpointChanges = {};
      if (input.url !== undefined) changes.url = input.url;
      if (input.description !== undefined) changes.description = input.description;
      if (input.event_types !== undefined) changes.event_types = [...new Set(input.event_types)];
      // Enabling again clears the provider's reason for disabling it.
      if (input.enabled !== undefined)
        Object.assign(changes, { enabled: input.enabled, disabled_reason: null });
      return inTransaction(deps.db, async (trx) => {
        const before = endpointObject(await requireEndpoint(trx, caller.project, id));
        const row = await updateWebhookEndpoint(trx, caller.project.id, id, changes, deps.clock.now());
        if (!row) throw new ApiError('webhook_endpoint_not_found');
        const after = endpointObject(row);
        await announce(trx, caller, 'updated', after, before);
        return after;
      });
    },

    async remove(caller, id) {
      await inTransaction(deps.db, async (trx) => {
        const before = endpointObject(await requireEndpoint(trx, caller.project, id));
        await deleteWebhookEndpoint(trx, caller.project.id, id);
        await announce(trx, caller, 'deleted', before);
      });
    },

    async rotateSecret(caller, id) {
      const secret = newSecret();
      const endpoint = await inTransaction(deps.db, async (trx) => {
        const row = await updateWebhookEndpoint(trx, caller.project.id, id, secret.stored, deps.clock.now());
        if (!row) throw new ApiError('webhook_endpoint_not_found');
        const rotated = endpointObject(row);
        await announce(trx, caller, 'secret_rotated', rotated);
        return rotated;
      });
      return { endpoint, secret: secret.plaintext };
    },

    async deliveries(project, id, page) {
      await requireEndpoint(deps.db, project, id);
      const rows = await listWebhookDeliveries(deps.db, id, page.limit + 1, page.cursor);
      const shown = rows.slice(0, page.limit);
      const attempts = await listWebhookAttempts(
        deps.db,
        shown.map((row) => row.id),
      );
      return {
        deliveries: shown.map((row) => ({
          event_id: row.event_id,
          event_type: row.event_type,
          occurred_at: row.occurred_at.toISOString(),
          state: row.state,
          next_attempt_at: row.state === 'pending' ? row.run_at.toISOString() : null,
          attempts: attempts
            .filter((attempt) => attempt.delivery_id === row.id)
            .map((attempt) => ({
              attempt: attempt.attempt,
              started_at: attempt.started_at.toISOString(),
              status_code: attempt.status_code,
              latency_ms: attempt.latency_ms,
              response_excerpt: attempt.response_excerpt,
              error: attempt.error,
            })),
        })),
        next_cursor: rows.length > page.limit ? String(shown[shown.length - 1]?.id) : null,
      };
    },

    async replay(caller, id, eventId) {
      await inTransaction(deps.db, async (trx) => {
        await requireEndpoint(trx, caller.project, id);
        const event = await findWebhookEvent(trx, caller.project.id, eventId);
        if (!event) throw new ApiError('webhook_event_not_found');
        await queueWebhookReplay(trx, event.id, id, deps.clock.now());
      });
      deps.wake();
    },

    async sendTestEvent(caller, id) {
      const now = deps.clock.now();
      const eventId = newWebhookEventId(deps.random);
      await inTransaction(deps.db, async (trx) => {
        await requireEndpoint(trx, caller.project, id);
        // Through the outbox like every event: signed, logged, retried and replayable the same way.
        const body = JSON.stringify({
          type: WEBHOOK_TEST_EVENT_TYPE,
          timestamp: now.toISOString(),
          data: { endpoint_id: id, project_id: caller.project.id },
        });
        await insertWebhookEvent(
          trx,
          {
            id: eventId,
            project_id: caller.project.id,
            type: WEBHOOK_TEST_EVENT_TYPE,
            body,
            occurred_at: now,
          },
          [id],
        );
      });
      deps.wake();
      return eventId;
    },
  };
}
