/** @module methods/sessions — `client.session`: read, authenticate (refresh), revoke, subscribe. */

import { isUnrecoverableSessionError, LatchkeyError } from '../errors.js';
import type { ClientContext } from '../internal/context.js';
import { withoutInternalUser } from '../internal/response.js';
import { assertOptionalNumber, assertOptionalObject } from '../internal/validate.js';
import { sameSession } from '../session/session-store.js';
import type { AuthenticateResponse, AuthenticateResult, Session, SessionTokens } from '../wire-types.js';

/** Options of `session.authenticate`. */
export interface SessionAuthenticateOptions {
  /** Extend the session to this many minutes from now; omitted by the background refresh. */
  sessionDurationMinutes?: number;
}

/** `client.session`. */
export interface SessionMethods {
  /** The session in local state, or null. */
  getSync(): Session | null;
  /** The tokens from the cookies, or null when signed out. */
  getTokens(): SessionTokens | null;
  /**
   * The intermediate session token of a sign-in waiting for its second factor (kept 10 minutes),
   * or null. The client sends it by itself in place of a session token.
   */
  getIntermediateSessionToken(): string | null;
  /** Checks the session with the provider and stores the fresh session, user and tokens. */
  authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResult>;
  /** Ends the session at the provider and locally. */
  revoke(): Promise<void>;
  /** Calls `callback` whenever the session changes; returns the unsubscribe function. */
  onChange(callback: (session: Session | null) => void): () => void;
}

/** A concurrent sign-in can keep changing the session; repeat at most this often. */
const MAX_REPEATS = 3;

/** Builds `client.session`. */
export function createSessionMethods(ctx: ClientContext): SessionMethods {
  const currentId = () => ctx.session.state.session?.session_id;

  async function authenticate(options: SessionAuthenticateOptions = {}): Promise<AuthenticateResult> {
    assertOptionalObject('options', options);
    assertOptionalNumber('sessionDurationMinutes', options.sessionDurationMinutes);
    for (let repeat = 0; ; repeat++) {
      const before = currentId();
      const tokenBefore = ctx.session.sessionToken();
      // Another sign-in or a sign-out landed while the call ran: this answer is about the old token
      // (endpoints.md, sessions). The token counts as well as the id: a session signed in by a
      // server has cookies but no stored id, and its revocation leaves the id unchanged (absent).
      const superseded = () =>
        (currentId() !== before || ctx.session.sessionToken() !== tokenBefore) && repeat < MAX_REPEATS;
      let response: AuthenticateResponse;
      try {
        response = await ctx.http.request<AuthenticateResponse>({
          method: 'POST',
          path: '/sessions/authenticate',
          body: { session_duration_minutes: options.sessionDurationMinutes },
        });
      } catch (error) {
        if (superseded() && ctx.session.hasSessionCookie()) continue;
        if (superseded()) throw error; // signed out meanwhile: nothing left to destroy
        if (isUnrecoverableSessionError(error)) ctx.session.logout('expired');
        throw error;
      }
      if (superseded()) {
        if (ctx.session.hasSessionCookie()) continue;
        throw new LatchkeyError('session_changed', 'The session ended while it was being authenticated');
      }
      ctx.session.applyAuthenticate(response, 'user', 'refresh');
      return withoutInternalUser(response);
    }
  }

  async function revoke(): Promise<void> {
    try {
      await ctx.http.request<unknown>({ method: 'POST', path: '/sessions/revoke' });
    } catch (error) {
      // The provider no longer knows this session: the local copy is dead too (wire README).
      if (isUnrecoverableSessionError(error)) ctx.session.logout('logout');
      throw error;
    }
    ctx.session.logout('logout');
  }

  return {
    getSync: () => ctx.session.state.session,
    getTokens: () => ctx.session.getTokens(),
    getIntermediateSessionToken: () => ctx.session.intermediateToken(),
    authenticate,
    revoke,
    onChange(callback) {
      return ctx.session.subscribe((next, previous) => {
        if (!sameSession(next.session, previous.session)) callback(next.session);
      });
    },
  };
}
