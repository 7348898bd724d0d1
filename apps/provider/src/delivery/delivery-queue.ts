/** @module delivery-queue — how a send endpoint promises a message: one durable row, written before it answers. */
import type { Clock } from '../clock.js';
import type { DbExecutor } from '../db/database.js';
import { toJson } from '../db/json-column.js';
import type { Project } from '../features/projects/project.js';
import { newId } from '../ids.js';
import type { Random } from '../random.js';
import { deleteDeliveryJobsTo, insertDeliveryJob } from './delivery-jobs.repository.js';
import { queuedSenderOf } from './queued-sender.js';

/** One message to deliver later. */
export interface DeliveryRequest<Params> {
  /** The handler that issues and renders it. */
  kind: string;
  project: Project;
  /** The normalised address or E.164 number. */
  recipient: string;
  /** What the handler needs later; never a token, a code or a link carrying one. */
  params: Params;
}

/** The queue as the send services see it. */
export interface DeliveryQueue {
  /** Stores the job with `db` (the request's transaction, so it commits with the rest of the request). */
  enqueue<Params>(db: DbExecutor, request: DeliveryRequest<Params>): Promise<void>;
  /** Tells the worker there is work, once the answer is out; call after the transaction committed. */
  notify(): void;
  /** Deletes every job to `recipients` with `db` (a deleted user's addresses: nothing goes out to them). */
  forget(db: DbExecutor, projectId: string, recipients: string[]): Promise<void>;
}

/** Creates the queue; `notify` reaches the worker. */
export function createDeliveryQueue(deps: {
  clock: Clock;
  random: Random;
  notify: () => void;
}): DeliveryQueue {
  return {
    async enqueue(db, request) {
      const now = deps.clock.now();
      await insertDeliveryJob(db, {
        id: newId('deliveryJob', request.project.environment, deps.random),
        kind: request.kind,
        project_id: request.project.id,
        recipient: request.recipient,
        params: toJson(request.params),
        state: 'pending',
        run_at: now,
        locked_until: null,
        created_at: now,
        finished_at: null,
        sender: toJson(queuedSenderOf(request.project.sender)),
      });
    },
    notify: deps.notify,
    forget: deleteDeliveryJobsTo,
  };
}
