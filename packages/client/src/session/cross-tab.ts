/** @module session/cross-tab — follows other tabs' sign-ins and logouts through `storage` events (spec §4). */

import type { EventTargetLike } from '../options.js';
import { parseStoredState, type SessionStore } from './session-store.js';

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Replaces the state when another tab writes the state key. No network call: tokens live in
 * cookies, which all tabs share. Returns the function that stops listening.
 */
export function listenCrossTab(
  target: EventTargetLike | undefined,
  key: string,
  store: SessionStore,
): () => void {
  if (!target) return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    const value = parse(event.newValue);
    if (value === undefined) return; // not ours to interpret
    // The other tab already wrote storage; writing it again would echo the event back.
    store.set(parseStoredState(value), 'cross-tab', { persist: false });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
