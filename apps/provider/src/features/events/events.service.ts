/** @module events.service — stores telemetry batches against the projects their public tokens name. */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { projectDirectory } from '../projects/project-directory.js';
import { insertSdkEvents } from './events.repository.js';
import type { EventsBatch } from './events.schemas.js';

/** Stores `batch`; events naming an unknown public token are dropped (the SDK ignores the answer anyway). */
export async function storeEventsBatch(
  deps: { db: Db; clock: Clock },
  batch: EventsBatch,
  origin: string | null,
): Promise<number> {
  const tokens = [...new Set(batch.map((item) => item.event.public_token))];
  const projects = await projectDirectory.idsByPublicToken(deps.db, tokens);
  const projectOf = new Map(projects.map((p) => [p.public_token, p.id]));
  const receivedAt = deps.clock.now();
  const rows = batch
    .filter((item) => projectOf.has(item.event.public_token))
    .map((item) => ({
      project_id: projectOf.get(item.event.public_token) ?? null,
      public_token: item.event.public_token,
      event_name: item.event.event_name,
      payload: toJson(item),
      origin,
      received_at: receivedAt,
    }));
  await insertSdkEvents(deps.db, rows);
  return rows.length;
}
