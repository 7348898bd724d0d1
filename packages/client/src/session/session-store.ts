/** @module session/session-store — the `{session, user}` state object, its persistence and change callbacks. */

import { readJson, writeJson } from '../internal/storage-keys.js';
import type { Logger, StorageLike } from '../options.js';
import type { Session, User } from '../wire-types.js';

/** The signed-in state as the client holds it (and stores it under `stytch_sdk_state_{pt}`). */
export interface SessionState {
  session: Session | null;
  user: User | null;
}

/** Why the state changed; drives which client event fires. */
export type StateChangeReason =
  | 'sign-in'
  | 'refresh'
  | 'user-update'
  | 'logout'
  | 'expired'
  | 'cross-tab'
  | 'startup';

/** Called after the state changed (not when only `last_accessed_at` moved). */
export type StateListener = (next: SessionState, previous: SessionState, reason: StateChangeReason) => void;

/** The empty (signed-out) state. */
export const SIGNED_OUT: SessionState = Object.freeze({ session: null, user: null });

/** `last_accessed_at` moves on every refresh; it must not count as a change (`objects.md#session`). */
function comparable(state: SessionState): string {
  const session = state.session === null ? null : { ...state.session, last_accessed_at: undefined };
  return JSON.stringify({ session, user: state.user });
}

/** True when two sessions are equal apart from `last_accessed_at`. */
export function sameSession(a: Session | null, b: Session | null): boolean {
  return comparable({ session: a, user: null }) === comparable({ session: b, user: null });
}

/** Parses a stored state value; anything unusable reads as signed out. */
export function parseStoredState(value: unknown): SessionState {
  if (typeof value !== 'object' || value === null) return SIGNED_OUT;
  const stored = value as Partial<SessionState>;
  return { session: stored.session ?? null, user: stored.user ?? null };
}

/**
 * One per public token and page, shared by every client with that token (wire `client-state.md`):
 * the in-memory state, its localStorage copy and the change listeners.
 */
export class SessionStore {
  readonly #storage: StorageLike;
  readonly #key: string;
  readonly #logger: Logger;
  readonly #listeners = new Set<StateListener>();
  #state: SessionState = SIGNED_OUT;

  constructor(storage: StorageLike, key: string, logger: Logger) {
    this.#storage = storage;
    this.#key = key;
    this.#logger = logger;
  }

  /** The current state. */
  get(): SessionState {
    return this.#state;
  }

  /** The state as stored in localStorage (another tab may have written it). */
  readPersisted(): SessionState {
    return parseStoredState(readJson(this.#storage, this.#key));
  }

  /** Replaces the state; persists unless told not to; notifies when it changed. Returns whether it changed. */
  set(next: SessionState, reason: StateChangeReason, options: { persist?: boolean } = {}): boolean {
    const previous = this.#state;
    this.#state = next.session === null && next.user === null ? SIGNED_OUT : next;
    if (options.persist !== false) {
      writeJson(this.#storage, this.#key, this.#state === SIGNED_OUT ? null : this.#state);
    }
    if (comparable(previous) === comparable(this.#state)) return false;
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#state, previous, reason);
      } catch (error) {
        this.#logger.error('Latchkey: a state change callback threw', error);
      }
    }
    return true;
  }

  /** Adds a listener; returns its unsubscribe function. */
  subscribe(listener: StateListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
