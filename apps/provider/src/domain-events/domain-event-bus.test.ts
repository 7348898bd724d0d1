import { describe, expect, it } from 'vitest';
import type { DbExecutor } from '../db/database.js';
import type { DomainEvent } from './domain-event.js';
import { createDomainEventBus } from './domain-event-bus.js';

// The bus reads only this flag; subscribers get the executor as it is.
const db = { isTransaction: true } as DbExecutor;
const event = (type: DomainEvent['type']): DomainEvent => ({
  type,
  projectId: 'project-test-1',
  actor: { type: 'system' },
  occurredAt: new Date(0),
  data: {},
});

describe('domain event bus', () => {
  it('hands an event to the subscribers of its type and to catch-all ones, with the same executor', async () => {
    const bus = createDomainEventBus();
    const heard: string[] = [];
    bus.subscribe('*', async (executor, e) => {
      expect(executor).toBe(db);
      heard.push(`all:${e.type}`);
    });
    bus.subscribe('user.deleted', async (_executor, e) => {
      heard.push(`deleted:${e.type}`);
    });
    await bus.publish(db, event('user.deleted'));
    await bus.publish(db, event('user.created'));
    expect(heard).toEqual(['all:user.deleted', 'deleted:user.deleted', 'all:user.created']);
  });

  it('fails the publish when a subscriber fails, so the change rolls back with its transaction', async () => {
    const bus = createDomainEventBus();
    bus.subscribe('user.created', async () => {
      throw new Error('outbox unavailable');
    });
    await expect(bus.publish(db, event('user.created'))).rejects.toThrow('outbox unavailable');
  });

  it('refuses an event published outside a transaction, before any subscriber records it', async () => {
    const bus = createDomainEventBus();
    const heard: string[] = [];
    bus.subscribe('*', async (_executor, e) => {
      heard.push(e.type);
    });
    const outside = { isTransaction: false } as DbExecutor;
    await expect(bus.publish(outside, event('user.created'))).rejects.toThrow(
      'user.created was published outside the transaction of its change',
    );
    expect(heard).toEqual([]);
  });
});
