/** @module session/client-registry — the per-window registry: live clients and their shared state per token. */

import type { SessionStore } from './session-store.js';

interface Entry {
  store: SessionStore;
  clients: number;
}

// Kept on the global object, not in module scope, so two copies of the package in one page share it.
const REGISTRY = Symbol.for('latchkey.client-registry');

function registry(): Map<string, Entry> {
  const holder = globalThis as { [REGISTRY]?: Map<string, Entry> };
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** Number of clients alive in this window, across all tokens. */
export function liveClientCount(): number {
  let count = 0;
  for (const entry of registry().values()) count += entry.clients;
  return count;
}

/** Registers a client; returns the token's shared store, making it with `create` for the first client. */
export function acquireStore(publicToken: string, create: () => SessionStore): SessionStore {
  const entries = registry();
  const entry = entries.get(publicToken) ?? { store: create(), clients: 0 };
  entry.clients += 1;
  entries.set(publicToken, entry);
  return entry.store;
}

/** Unregisters a client; the store is dropped with the token's last client. */
export function releaseStore(publicToken: string): void {
  const entries = registry();
  const entry = entries.get(publicToken);
  if (!entry) return;
  entry.clients -= 1;
  if (entry.clients <= 0) entries.delete(publicToken);
}
