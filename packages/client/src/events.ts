/** @module events — client event names (prefixed `latchkey:`), their payloads, and a tiny typed emitter. */

import type { Logger } from './options.js';
import type { Session, User } from './wire-types.js';

/** Event names, as literal types. */
export const LATCHKEY_EVENTS = {
  /** A session started here or in another tab (a new `session_id`). */
  sessionCreated: 'latchkey:session-created',
  /** The provider rejected the session (unrecoverable error); the local session is gone. */
  sessionExpired: 'latchkey:session-expired',
  /** The user signed out here or in another tab. */
  userLoggedOut: 'latchkey:user-logged-out',
} as const;

/** One of the event names. */
export type LatchkeyEventName = (typeof LATCHKEY_EVENTS)[keyof typeof LATCHKEY_EVENTS];

/** The payload of each event. */
export interface LatchkeyEventMap {
  'latchkey:session-created': { session: Session; user: User | null };
  'latchkey:session-expired': { previousSession: Session };
  'latchkey:user-logged-out': { previousSession: Session };
}

/** Listener of one event. */
export type LatchkeyEventListener<K extends LatchkeyEventName> = (detail: LatchkeyEventMap[K]) => void;

/** Per-client emitter; a listener that throws is logged and does not stop the others. */
export class LatchkeyEvents {
  readonly #listeners = new Map<LatchkeyEventName, Set<(detail: never) => void>>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Subscribes; returns the unsubscribe function. */
  on<K extends LatchkeyEventName>(name: K, listener: LatchkeyEventListener<K>): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    set.add(listener);
    this.#listeners.set(name, set);
    return () => {
      set.delete(listener);
    };
  }

  /** Calls every listener of `name`. */
  emit<K extends LatchkeyEventName>(name: K, detail: LatchkeyEventMap[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as LatchkeyEventListener<K>)(detail);
      } catch (error) {
        this.#logger.error(`Latchkey: a ${name} listener threw`, error);
      }
    }
  }

  /** Drops every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
