/**
 * @module unsubscribed-event-types — which event types of a project no enabled endpoint takes, as
 * the outbox last read them, so an event nobody receives (every sign-in of a project without
 * webhooks) costs no statement (issue 18: logins).
 *
 * Only "no endpoint" is remembered: a project with endpoints is read every time. Every change to
 * an endpoint is announced on the webhooks channel as `endpoints:<project id>` (migration
 * 2026_12_02_050000; the outbox's own wake-ups on that channel are ignored here) and drops that
 * project's types here; before a remembered "none" is used, `ChangeFeed.sync()` makes sure every
 * announcement committed before this event was heard, so an endpoint created on any process
 * receives every event published after its creation committed, exactly as without this memory.
 * When the feed is not listening nothing is remembered and every event reads the database.
 */
import type { ChangeFeed } from '../../db/change-feed.js';

/** How the database prefixes a changed endpoint's project id on the webhooks channel. */
const ENDPOINTS_CHANGED = 'endpoints:';

/** Past this many projects the memory starts again; each holds at most the few event types. */
const MAX_PROJECTS = 10_000;

/** The outbox's view of a project's endpoints for one event type. */
export interface UnsubscribedEventTypes {
  /** The endpoint ids taking `type`: `[]` at once when known current, else what `load` reads. */
  endpointIds(projectId: string, type: string, load: () => Promise<string[]>): Promise<string[]>;
  /** Stops listening (the feed stays open: its owner closes it). */
  stop(): void;
}

/** Creates the memory over `feed`, the webhooks channel's. */
export function createUnsubscribedEventTypes(feed: ChangeFeed): UnsubscribedEventTypes {
  const typesByProject = new Map<string, Set<string>>();
  // Bumped by every announcement: a read that started before one may predate the change it
  // announces, so its "none" is not kept.
  let epoch = 0;
  const unsubscribe = feed.subscribe({
    onChange: (payload) => {
      if (!payload.startsWith(ENDPOINTS_CHANGED)) return;
      epoch += 1;
      typesByProject.delete(payload.slice(ENDPOINTS_CHANGED.length));
    },
    onReset: () => {
      epoch += 1;
      typesByProject.clear();
    },
  });

  const remembered = (projectId: string, type: string) => typesByProject.get(projectId)?.has(type) === true;

  return {
    async endpointIds(projectId, type, load) {
      // Checked again after the sync: an announcement heard meanwhile may have dropped it.
      if (remembered(projectId, type) && (await feed.sync()) && remembered(projectId, type)) return [];
      const startedAt = epoch;
      const listening = feed.live;
      const ids = await load();
      if (ids.length === 0 && listening && feed.live && epoch === startedAt) {
        if (!typesByProject.has(projectId) && typesByProject.size >= MAX_PROJECTS) typesByProject.clear();
        const types = typesByProject.get(projectId) ?? new Set<string>();
        types.add(type);
        typesByProject.set(projectId, types);
      }
      return ids;
    },
    stop: unsubscribe,
  };
}
