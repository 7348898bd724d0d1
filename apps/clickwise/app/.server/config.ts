/** @module config — Clickwise's settings from the environment, with development defaults. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseTarget } from './db/connect.js';

/** The Latchkey project Clickwise signs its visitors in with. */
export interface LatchkeyProject {
  projectId: string;
  publicToken: string;
  secret: string;
}

/** Everything the site reads from its environment. */
export interface ClickwiseConfig {
  /** CLICKWISE_HOST: the address the server listens on (loopback unless told otherwise). */
  host: string;
  /** CLICKWISE_PORT. */
  port: number;
  /**
   * CLICKWISE_PUBLIC_URL's origin: where people reach the site. The site's own origin for every
   * decision (the session cookie, the same-origin check, the URL of each request); no request
   * header (Host, X-Forwarded-Proto/Host, Forwarded) is ever asked.
   */
  publicOrigin: string;
  providerUrl: string;
  database: DatabaseTarget;
  /** Read lazily: in development the provider writes it when it first starts. */
  project(): LatchkeyProject;
  /**
   * CLICKWISE_GOOGLE_OAUTH: `1` always offers "Continue with Google" in the sign-in modal, `0`
   * never; unset (null), it is offered when the project has Google configured (google-sign-in.ts).
   */
  googleOAuth: boolean | null;
  /** Error reporting (traces and replays) is off unless a DSN is set. */
  sentryDsn: string | null;
  /**
   * The `whsec_…` secret Latchkey signs this site's webhooks with: CLICKWISE_WEBHOOK_SECRET, else
   * (development) the one kept in {@link devWebhookFile}; null when neither is there yet.
   */
  webhookSecret(): string | null;
  /**
   * Development only (no CLICKWISE_WEBHOOK_SECRET and the development project): where the site
   * keeps the webhook endpoint it registers at start (dev-webhook-endpoint.ts); null in production.
   */
  devWebhookFile: string | null;
}

/**
 * Where `npm start` keeps Clickwise's own development project, beside the provider's
 * dev-project.json: its emails say "Clickwise", and the demo's project keeps its own name.
 */
export const CLICKWISE_PROJECT_FILE = 'clickwise-project.json';

/** Beside it, the development webhook endpoint's id, address and secret (mode 0600). */
export const CLICKWISE_WEBHOOK_FILE = 'clickwise-webhook.json';

/**
 * LATCHKEY_PROJECT_ID, LATCHKEY_PUBLIC_TOKEN and LATCHKEY_SECRET name the project; without them
 * Clickwise's development project in `{LATCHKEY_DATA_DIR}/clickwise-project.json` is used.
 */
export function configFromEnv(env: NodeJS.ProcessEnv, repoRoot: string): ClickwiseConfig {
  const providerDataDir = resolve(env.LATCHKEY_DATA_DIR ?? join(repoRoot, '.data'));
  const dataDir = resolve(env.CLICKWISE_DATA_DIR ?? join(providerDataDir, 'clickwise'));
  let project: LatchkeyProject | undefined;
  const port = portFromEnv(env.CLICKWISE_PORT);
  const envWebhookSecret = env.CLICKWISE_WEBHOOK_SECRET?.trim() || null;
  const devProject = !(env.LATCHKEY_PROJECT_ID && env.LATCHKEY_PUBLIC_TOKEN && env.LATCHKEY_SECRET);
  const devWebhookFile =
    envWebhookSecret === null && devProject ? join(providerDataDir, CLICKWISE_WEBHOOK_FILE) : null;
  return {
    host: env.CLICKWISE_HOST?.trim() || '127.0.0.1',
    port,
    publicOrigin: publicOriginFromEnv(env.CLICKWISE_PUBLIC_URL, port),
    providerUrl: (env.PROVIDER_URL ?? 'http://localhost:4000').replace(/\/+$/, ''),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    project() {
      project ??= projectFromEnv(env, providerDataDir);
      return project;
    },
    googleOAuth:
      env.CLICKWISE_GOOGLE_OAUTH === '1' ? true : env.CLICKWISE_GOOGLE_OAUTH === '0' ? false : null,
    sentryDsn: env.CLICKWISE_SENTRY_DSN || null,
    webhookSecret: () => envWebhookSecret ?? (devWebhookFile ? secretInFile(devWebhookFile) : null),
    devWebhookFile,
  };
}

/** The `secret` of a webhook file, read on each call: the start-up registration may write it later. */
function secretInFile(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const { secret } = JSON.parse(readFileSync(file, 'utf8')) as { secret?: unknown };
    return typeof secret === 'string' && secret !== '' ? secret : null;
  } catch {
    return null;
  }
}

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port > 65535) {
    throw new Error(`CLICKWISE_PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/**
 * The origin of CLICKWISE_PUBLIC_URL (`http://localhost:{port}` by default): an http(s) URL with
 * nothing but a trailing slash after its host.
 */
function publicOriginFromEnv(raw: string | undefined, port: number): string {
  const text = raw?.trim() || `http://localhost:${port}`;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new Error(
      `CLICKWISE_PUBLIC_URL must be an origin like https://clickwise.example.com, got "${text}"`,
    );
  }
  return url.origin;
}

function projectFromEnv(env: NodeJS.ProcessEnv, providerDataDir: string): LatchkeyProject {
  const { LATCHKEY_PROJECT_ID, LATCHKEY_PUBLIC_TOKEN, LATCHKEY_SECRET } = env;
  if (LATCHKEY_PROJECT_ID && LATCHKEY_PUBLIC_TOKEN && LATCHKEY_SECRET) {
    return { projectId: LATCHKEY_PROJECT_ID, publicToken: LATCHKEY_PUBLIC_TOKEN, secret: LATCHKEY_SECRET };
  }
  const file = join(providerDataDir, CLICKWISE_PROJECT_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `No Latchkey project: set LATCHKEY_PROJECT_ID, LATCHKEY_PUBLIC_TOKEN and LATCHKEY_SECRET, or run \`npm start\` (or \`latchkey-provider project create --dev clickwise --name Clickwise\`), which writes ${file}.`,
    );
  }
  const dev = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return { projectId: dev.project_id ?? '', publicToken: dev.public_token ?? '', secret: dev.secret ?? '' };
}
