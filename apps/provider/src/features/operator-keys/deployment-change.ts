/** @module deployment-change — how a change to the deployment (operator keys, console operators) reaches the audit log. */
import type { DbExecutor } from '../../db/database.js';
import type { DeploymentEventType } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';

/** Who made the change, for the audit log's deployment records: the operator and their address. */
export interface DeploymentChangeOrigin {
  events: DomainEventBus;
  operatorId: string;
  ipAddress: string | null;
}

/** Records the change in `db`, the change's transaction; the object before and after it (never a credential). */
export async function announceDeploymentChange<T extends object>(
  db: DbExecutor,
  origin: DeploymentChangeOrigin | undefined,
  type: DeploymentEventType,
  at: Date,
  change: { before: T | null; after: T },
): Promise<void> {
  await origin?.events.publish(db, {
    type,
    projectId: null,
    actor: { type: 'operator', id: origin.operatorId },
    occurredAt: at,
    data: { ...change.after } as Record<string, unknown>,
    ipAddress: origin.ipAddress,
    changes: change,
  });
}
