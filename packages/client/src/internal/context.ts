/** @module internal/context — what every method module receives; new modules take this and nothing else. */

import type { BootstrapLoader } from '../bootstrap.js';
import type { LatchkeyEvents } from '../events.js';
import type { ResolvedOptions } from '../options.js';
import type { SessionManager } from '../session/session-manager.js';
import type { EventBatcher } from '../telemetry/event-batcher.js';
import type { HttpClient } from './http.js';
import type { PkceStore } from './pkce.js';

/** The client's shared services, built once by `createLatchkeyClient`. */
export interface ClientContext {
  options: ResolvedOptions;
  http: HttpClient;
  session: SessionManager;
  pkce: PkceStore;
  bootstrap: BootstrapLoader;
  telemetry: EventBatcher;
  events: LatchkeyEvents;
  /**
   * Aborted by destroy(). Services opened on first use by code that may load later (the
   * client-side services frame of One Tap) close with it.
   */
  lifetime: AbortSignal;
}
