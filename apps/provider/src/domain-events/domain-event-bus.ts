/** @module domain-event-bus — features announce changes; subscribers (webhook outbox, audit log) record them in the same transaction. */
import type { DbExecutor } from '../db/database.js';
import type { DeploymentEvent, DomainEvent, DomainEventType } from './domain-event.js';

/** Records an event with `db`, the transaction of the change, so the record commits or rolls back with it. */
export type DomainEventSubscriber = (db: DbExecutor, event: DomainEvent) => Promise<void>;

/** Records a deployment event with `db`, the transaction of the change. */
export type DeploymentEventSubscriber = (db: DbExecutor, event: DeploymentEvent) => Promise<void>;

/** The bus as features see it. */
export interface DomainEventBus {
  /**
   * Hands the event to every subscriber of its type, in subscription order, with `db`. Pass the
   * transaction that makes the change: an event must never outlive a rolled-back change, nor a
   * change commit without its event (webhooks are at-least-once).
   */
  publish(db: DbExecutor, event: DomainEvent | DeploymentEvent): Promise<void>;
  /** `'*'` hears every project's event. Subscribe while the app is built, before it serves. */
  subscribe(type: DomainEventType | '*', subscriber: DomainEventSubscriber): void;
  /** Hears the deployment's own events (no project), which project subscribers never see. */
  subscribeDeployment(subscriber: DeploymentEventSubscriber): void;
}

export function createDomainEventBus(): DomainEventBus {
  const everything: DomainEventSubscriber[] = [];
  const byType = new Map<DomainEventType, DomainEventSubscriber[]>();
  const deployment: DeploymentEventSubscriber[] = [];
  return {
    async publish(db, event) {
      // Outside a transaction the change could commit while its record fails (or the reverse).
      if (!db.isTransaction)
        throw new Error(`${event.type} was published outside the transaction of its change`);
      if (event.projectId === null) {
        for (const subscriber of deployment) await subscriber(db, event);
        return;
      }
      for (const subscriber of everything) await subscriber(db, event);
      for (const subscriber of byType.get(event.type) ?? []) await subscriber(db, event);
    },
    subscribe(type, subscriber) {
      if (type === '*') {
        everything.push(subscriber);
        return;
      }
      const list = byType.get(type) ?? [];
      list.push(subscriber);
      byType.set(type, list);
    },
    subscribeDeployment(subscriber) {
      deployment.push(subscriber);
    },
  };
}
