/** @module create-client — builds a client from ClientOptions by wiring the services together. */

import { BootstrapLoader, type BootstrapMethods } from './bootstrap.js';
import { type LatchkeyEventListener, type LatchkeyEventName, LatchkeyEvents } from './events.js';
import { runAfterFirstPaint } from './internal/after-first-paint.js';
import { encodeBase64Utf8 } from './internal/base64url.js';
import type { ClientContext } from './internal/context.js';
import { createHttpClient } from './internal/http.js';
import { PkceStore } from './internal/pkce.js';
import { stateKey } from './internal/storage-keys.js';
import { type CryptoWalletsMethods, createCryptoWalletsMethods } from './methods/crypto-wallets.js';
import { createMagicLinksMethods, type MagicLinksMethods } from './methods/magic-links.js';
import { createOAuthMethods, type OAuthMethods } from './methods/oauth.js';
import { createOtpsMethods, type OtpsMethods } from './methods/otps.js';
import { createPasswordsMethods, type PasswordsMethods } from './methods/passwords.js';
import { createSessionMethods, type SessionMethods } from './methods/sessions.js';
import { createTotpsMethods, type TotpsMethods } from './methods/totps.js';
import { createUserMethods, type UserMethods } from './methods/users.js';
import { createUsersMethods, type UsersMethods } from './methods/users-search.js';
import { createWebAuthnMethods, type WebAuthnMethods } from './methods/webauthn.js';
import { type ClientOptions, resolveOptions } from './options.js';
import { acquireStore, liveClientCount, releaseStore } from './session/client-registry.js';
import { CookieStore } from './session/cookie-store.js';
import { listenCrossTab } from './session/cross-tab.js';
import { RefreshScheduler } from './session/refresh-scheduler.js';
import { SessionManager } from './session/session-manager.js';
import { SessionStore } from './session/session-store.js';
import { EventBatcher, type LogEventOptions } from './telemetry/event-batcher.js';
import { createTelemetryBlob } from './telemetry/telemetry-blob.js';

/** The headless client. */
export interface LatchkeyClient {
  readonly publicToken: string;
  bootstrap: BootstrapMethods;
  cryptoWallets: CryptoWalletsMethods;
  magicLinks: MagicLinksMethods;
  oauth: OAuthMethods;
  otps: OtpsMethods;
  passwords: PasswordsMethods;
  session: SessionMethods;
  totps: TotpsMethods;
  user: UserMethods;
  users: UsersMethods;
  webauthn: WebAuthnMethods;
  telemetry: { logEvent(event: LogEventOptions): void };
  /** Subscribes to a `latchkey:` event; returns the unsubscribe function. */
  on<K extends LatchkeyEventName>(name: K, listener: LatchkeyEventListener<K>): () => void;
  /** Stops timers and listeners and sends queued telemetry (tests, unmount). */
  destroy(): void;
}

/**
 * Creates the client. Side effects at construction, as the wire describes: bootstrap fetch,
 * `sdk_instance_instantiated` event, and a session refresh when the session cookie exists. While
 * the page is still loading, the two calls wait for its first paint (internal/after-first-paint.ts).
 * @example
 * const client = createLatchkeyClient({ publicToken: 'public-token-test-…', baseUrl: 'http://localhost:4000' });
 */
export function createLatchkeyClient(options: ClientOptions): LatchkeyClient {
  const o = resolveOptions(options);
  const { publicToken, logger, clock, random } = o;
  if (!publicToken.startsWith('public-token-')) {
    logger.warn(`Latchkey: the public token "${publicToken}" does not start with "public-token-"; check it.`);
  }
  if (liveClientCount() > 0) {
    logger.warn(
      'Latchkey: more than one client was created in this page. Create one client and share it; ' +
        'clients with the same public token share one session state.',
    );
  }
  const store = acquireStore(publicToken, () => new SessionStore(o.storage, stateKey(publicToken), logger));
  const events = new LatchkeyEvents(logger);
  const cookies = new CookieStore({
    jar: o.cookies,
    options: o.cookieOptions,
    location: o.location,
    clock,
    logger,
  });
  const session = new SessionManager(store, cookies, events);
  const blob = () =>
    createTelemetryBlob({
      random,
      clock,
      hostname: o.location.hostname,
      userId: session.state.user?.user_id,
      sessionId: session.state.session?.session_id,
    });
  const http = createHttpClient({
    apiBase: o.apiBase,
    publicToken,
    fetch: o.fetch,
    clock,
    timeoutMs: o.timeoutMs,
    sessionToken: () => session.sessionToken(),
    intermediateSessionToken: () => session.intermediateToken(),
    telemetryHeader: () => encodeBase64Utf8(JSON.stringify(blob())),
    parentHost: () => o.location.origin,
  });
  const telemetry = new EventBatcher({
    publicToken,
    clock,
    createBlob: blob,
    send: (items) => http.sendEvents(items),
  });
  const bootstrap = new BootstrapLoader({ http, storage: o.storage, publicToken, logger });
  const pkce = new PkceStore({ publicToken, storage: o.storage, random, subtle: o.subtle, logger });
  const lifetime = new AbortController();
  const ctx: ClientContext = {
    options: o,
    http,
    session,
    pkce,
    bootstrap,
    telemetry,
    events,
    lifetime: lifetime.signal,
  };
  const sessionMethods = createSessionMethods(ctx);
  const scheduler = new RefreshScheduler({
    clock,
    random,
    refresh: () => sessionMethods.authenticate(),
    isActive: () => session.hasSessionCookie(),
  });

  session.startup();
  const stopRescheduling = session.subscribe(() => scheduler.reschedule());
  const stopCrossTab = listenCrossTab(o.eventTarget, stateKey(publicToken), store);
  let destroyed = false;
  // The bootstrap, then the refresh of a stored session: after a loading page's first paint, and
  // only if the session is still there then (a sign-out meanwhile leaves nothing to refresh).
  runAfterFirstPaint(() => {
    if (destroyed) return;
    void bootstrap.getAsync();
    if (session.hasSessionCookie()) scheduler.start();
  }, clock);
  telemetry.log({
    name: 'sdk_instance_instantiated',
    details: {
      event_callback_registered: false,
      error_callback_registered: false,
      success_callback_registered: false,
    },
  });

  return {
    publicToken,
    bootstrap: { getSync: () => bootstrap.getSync(), getAsync: () => bootstrap.getAsync() },
    cryptoWallets: createCryptoWalletsMethods(ctx),
    magicLinks: createMagicLinksMethods(ctx),
    oauth: createOAuthMethods(ctx),
    otps: createOtpsMethods(ctx),
    passwords: createPasswordsMethods(ctx),
    session: sessionMethods,
    totps: createTotpsMethods(ctx),
    user: createUserMethods(ctx),
    users: createUsersMethods(ctx),
    webauthn: createWebAuthnMethods(ctx),
    telemetry: { logEvent: (event) => telemetry.log(event) },
    on: (name, listener) => events.on(name, listener),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      scheduler.stop();
      stopRescheduling();
      stopCrossTab();
      session.destroy();
      cookies.destroy();
      lifetime.abort();
      telemetry.flush();
      events.clear();
      releaseStore(publicToken);
    },
  };
}
