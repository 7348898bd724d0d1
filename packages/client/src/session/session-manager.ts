/** @module session/session-manager — applies sign-in responses to cookies and state, logs out, emits events. */

import { LatchkeyNetworkError } from '../errors.js';
import { LATCHKEY_EVENTS, type LatchkeyEvents } from '../events.js';
import type { AuthenticateResponse, SessionTokens, User } from '../wire-types.js';
import type { CookieStore } from './cookie-store.js';
import { type SessionState, type SessionStore, SIGNED_OUT, type StateListener } from './session-store.js';

/** Which response field holds the user to store (`endpoints.md`, "Which user field each sign-in stores"). */
export type UserField = 'user' | '__user';

/** Owns the local session: cookies (tokens) plus the shared `{session, user}` state. */
export class SessionManager {
  readonly #store: SessionStore;
  readonly #cookies: CookieStore;
  readonly #unsubscribe: () => void;

  constructor(store: SessionStore, cookies: CookieStore, events: LatchkeyEvents) {
    this.#store = store;
    this.#cookies = cookies;
    this.#unsubscribe = store.subscribe((next, previous, reason) => {
      if (next.session && next.session.session_id !== previous.session?.session_id) {
        events.emit(LATCHKEY_EVENTS.sessionCreated, { session: next.session, user: next.user });
      } else if (!next.session && previous.session) {
        const name = reason === 'expired' ? LATCHKEY_EVENTS.sessionExpired : LATCHKEY_EVENTS.userLoggedOut;
        events.emit(name, { previousSession: previous.session });
      }
    });
  }

  /** The current state. */
  get state(): SessionState {
    return this.#store.get();
  }

  /** Subscribes to state changes. */
  subscribe(listener: StateListener): () => void {
    return this.#store.subscribe(listener);
  }

  /** The session token for the Authorization header, read from the cookie at call time. */
  sessionToken(): string | null {
    return this.#cookies.sessionToken();
  }

  /** The intermediate session token of a sign-in that waits for its second factor, or null. */
  intermediateToken(): string | null {
    return this.#cookies.intermediateToken();
  }

  /** True while the session cookie exists. */
  hasSessionCookie(): boolean {
    return this.#cookies.sessionToken() !== null;
  }

  /** Both tokens, or null when signed out. */
  getTokens(): SessionTokens | null {
    const session_token = this.#cookies.sessionToken();
    if (session_token === null) return null;
    return { session_token, session_jwt: this.#cookies.sessionJwt() ?? '' };
  }

  /**
   * Start-up: without a session cookie the cached state is stale and is cleared (wire
   * `client-state.md`); with one, the stored state is loaded. Returns whether the cookie exists.
   */
  startup(): boolean {
    if (!this.hasSessionCookie()) {
      const persisted = this.#store.readPersisted();
      const stale = persisted.session !== null || persisted.user !== null;
      this.#store.set(SIGNED_OUT, 'startup', { persist: stale });
      return false;
    }
    if (this.#store.get().session === null)
      this.#store.set(this.#store.readPersisted(), 'startup', { persist: false });
    return true;
  }

  /**
   * Applies a sign-in or refresh response (spec §4): tokens to cookies, session and user to state,
   * intermediate token cleared. A response with only an intermediate token stores that instead.
   */
  applyAuthenticate(
    response: AuthenticateResponse,
    userField: UserField,
    reason: 'sign-in' | 'refresh',
  ): void {
    const ist = response.intermediate_session_token;
    if (!response.session_token && typeof ist === 'string' && ist !== '') {
      this.applyIntermediate(ist);
      return;
    }
    // Session-less without an intermediate token is not a usable answer; fail before any write.
    if (!response.session) throw new LatchkeyNetworkError('The sign-in response has no session');
    this.#cookies.writeSession(response.session_token, response.session_jwt, response.session.expires_at);
    this.#cookies.removeIntermediate();
    const user = (userField === '__user' ? response.__user : response.user) ?? null;
    this.#store.set({ session: response.session, user }, reason);
  }

  /**
   * MFA pending: keep the intermediate token and drop any session (spec §4). The user stays null
   * too, since nobody is signed in yet: apps that treat "a user" as "signed in" stay right, and
   * the caller has the user in the sign-in result.
   */
  applyIntermediate(token: string): void {
    this.#cookies.writeIntermediate(token);
    this.#cookies.removeSession();
    this.#store.set(SIGNED_OUT, 'logout');
  }

  /** Stores a new user object for the current session. */
  setUser(user: User): void {
    this.#store.set({ ...this.#store.get(), user }, 'user-update');
  }

  /** Removes the cookies and the state; `expired` marks a provider-side end of the session. */
  logout(reason: 'logout' | 'expired'): void {
    this.#cookies.removeSession();
    // A pending second factor belongs to the sign-in being ended too.
    this.#cookies.removeIntermediate();
    this.#store.set(SIGNED_OUT, reason);
  }

  /** Stops listening to the shared store. */
  destroy(): void {
    this.#unsubscribe();
  }
}
