/** @module app-deps — the provider's injected edges: what main.ts and the tests hand buildApp. */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, OffsetClock } from './clock.js';
import type { PasswordHasher } from './crypto/password-hasher.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Db } from './db/database.js';
import type { DeliveryWorkerSettings } from './delivery/delivery-worker.js';
import type { Mailer } from './email/mailer.js';
import type { UpstreamClient } from './features/oauth/upstream/upstream-client.js';
import type { KeyRing } from './features/signing-keys/key-ring.js';
import type { WebhookWorkerSettings } from './features/webhooks/webhook-worker.js';
import type { Messenger } from './messaging/messenger.js';
import type { ProviderMetrics } from './metrics/provider-metrics.js';
import type { Random } from './random.js';

/** The provider's injected edges. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  /** SMS and WhatsApp delivery; without one, those sends answer 503 service_unavailable. */
  messenger?: Messenger;
  /** A pino logger; logging is off when absent (tests). */
  logger?: FastifyBaseLogger;
  /** Replaces the default key ring (tests of rotation). */
  keyRing?: KeyRing;
  /** Password hashing; argon2id m=19 MiB t=2 p=1 by default (tests pass cheaper parameters). */
  passwordHasher?: PasswordHasher;
  /** Recovery-code hashing; argon2id at RECOVERY_CODE_ARGON2 (m=2 MiB t=2 p=1) by default. */
  recoveryCodeHasher?: PasswordHasher;
  /** The adjustable clock behind POST /dev/clock (development mode, LATCHKEY_DEV_CLOCK=1). */
  devClock?: OffsetClock;
  /** Replaces the upstream OAuth client (default: global fetch, the app's clock and random). */
  upstream?: UpstreamClient;
  /** How long a reCAPTCHA assessment may take before the call is refused; 5 000 ms by default (tests pass less). */
  captchaTimeoutMs?: number;
  /** The delivery worker's tuning (tests: `autoStart: false`, and drain `app.deliveries`). */
  delivery?: DeliveryWorkerSettings;
  /**
   * The database's notifications (DatabaseHandle.changeFeed). With it, session checks are cached
   * and invalidated by them (session-check-cache.ts); without it, every check reads the database.
   */
  changeFeed?: (channel: string) => ChangeFeed;
  /** The webhook worker's tuning (tests: `autoStart: false`, and drain `app.webhooks`). */
  webhooks?: WebhookWorkerSettings;
  /**
   * Whether activity counts are written every few seconds (default) or only when asked and at
   * close (tests: `autoFlush: false`, so no flush lands in the middle of a test's statements).
   */
  activity?: { autoFlush: boolean };
  /** Prometheus metrics (LATCHKEY_METRICS_*); absent: nothing is measured and requests pay nothing. */
  metrics?: ProviderMetrics;
  /** The retention clean-up (tests: `autoStart: false`, and run `app.retention.runOnce()`). */
  retention?: { autoStart: boolean };
}
